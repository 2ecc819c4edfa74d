import '@mantine/core/styles/Slider.layer.css';
import 'react-easy-crop/react-easy-crop.css';
import { useLingui } from '@lingui/react';
import { Box, Group, Slider, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { PHOTO_ZOOM_MAX, PHOTO_ZOOM_MIN, PHOTO_ZOOM_STEP } from '../../shared/limits';
import type { PhotoCrop } from '../../shared/profile';

type PhotoCropperProps = {
  /** An object URL of the chosen file. */
  imageUrl: string;
  zoom: number;
  onZoomChange: (zoom: number) => void;
  /** The chosen square in pixels of the upright image, whenever it settles. */
  onCropChange: (crop: PhotoCrop) => void;
  /** The browser could not show the file (a renamed PDF, a damaged image). */
  onImageError: () => void;
};

const PREVIEW_SIZE = 128;

/** Square crop with zoom (product.md §10.1: 1 to 3 in steps of 0.1), moved by dragging or by the arrow keys, with a live preview. */
export function PhotoCropper({ imageUrl, zoom, onZoomChange, onCropChange, onImageError }: PhotoCropperProps) {
  const { i18n } = useLingui();
  const times = (z: number) => i18n.number(z, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [area, setArea] = useState<Area>();
  const helpId = useId();

  function onCropComplete(percentages: Area, pixels: Area) {
    setArea(percentages);
    onCropChange({
      x: Math.max(0, Math.round(pixels.x)),
      y: Math.max(0, Math.round(pixels.y)),
      width: Math.round(pixels.width),
      height: Math.round(pixels.height),
    });
  }

  return (
    <Stack gap="md">
      <Box
        pos="relative"
        h={{ base: 280, sm: 360 }}
        bg="var(--mantine-color-charcoal, #272E2E)"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      >
        <Cropper
          image={imageUrl}
          crop={position}
          zoom={zoom}
          minZoom={PHOTO_ZOOM_MIN}
          maxZoom={PHOTO_ZOOM_MAX}
          aspect={1}
          cropShape="rect"
          showGrid
          onCropChange={setPosition}
          onZoomChange={(z) => onZoomChange(roundZoom(z))}
          onCropComplete={onCropComplete}
          disableAutomaticStylesInjection
          mediaProps={{ alt: '', onError: onImageError }}
          cropperProps={{
            role: 'group',
            'aria-label': i18n._('Crop square'),
            'aria-describedby': helpId,
          }}
        />
      </Box>
      <Text id={helpId} size="sm" c="dimmed">
        {i18n._(
          'Drag the photo, or select the square and use the arrow keys, to choose what shows. Zoom with the slider or your mouse wheel.',
        )}
      </Text>
      <Group align="flex-end" gap="xl" wrap="wrap">
        <Box style={{ flex: '1 1 220px' }}>
          <Text fw={500} size="sm" mb={6} aria-hidden="true">
            {i18n._('Zoom: {zoom}×', { zoom: times(zoom) })}
          </Text>
          <Slider
            min={PHOTO_ZOOM_MIN}
            max={PHOTO_ZOOM_MAX}
            step={PHOTO_ZOOM_STEP}
            precision={1}
            value={zoom}
            onChange={(z) => onZoomChange(roundZoom(z))}
            thumbLabel={i18n._('Zoom')}
            thumbValueText={(z: number) => i18n._('{zoom} times', { zoom: times(z) })}
            label={(z) => `${times(z)}×`}
            marks={[
              { value: 1, label: '1×' },
              { value: 2, label: '2×' },
              { value: 3, label: '3×' },
            ]}
            mb="lg"
          />
        </Box>
        <Stack gap={4} align="center">
          <Text size="sm" fw={500}>
            {i18n._('Preview')}
          </Text>
          <CropPreview imageUrl={imageUrl} area={area} />
        </Stack>
      </Group>
    </Stack>
  );
}

function roundZoom(z: number) {
  return Math.min(PHOTO_ZOOM_MAX, Math.max(PHOTO_ZOOM_MIN, Math.round(z * 10) / 10));
}

/** The chosen square drawn from the same image, shown round as on the dashboard. */
function CropPreview({ imageUrl, area }: { imageUrl: string; area: Area | undefined }) {
  const { i18n } = useLingui();
  return (
    <Box
      w={PREVIEW_SIZE}
      h={PREVIEW_SIZE}
      pos="relative"
      bg="gray.1"
      style={{ borderRadius: '50%', overflow: 'hidden', border: '1px solid var(--mantine-color-gray-4)' }}
    >
      {area ? (
        <img
          src={imageUrl}
          alt={i18n._('Preview of the crop, as members will see you')}
          style={{
            position: 'absolute',
            maxWidth: 'none',
            width: `${10000 / area.width}%`,
            height: `${10000 / area.height}%`,
            left: `${(-area.x * 100) / area.width}%`,
            top: `${(-area.y * 100) / area.height}%`,
          }}
        />
      ) : null}
    </Box>
  );
}
