import { useLingui } from '@lingui/react';
import { Button, FileButton, Group } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, PHOTO_ZOOM_MIN } from '../../shared/limits';
import type { PhotoCrop } from '../../shared/profile';
import { PhotoCropper } from './photo-cropper';

const MAX_MB = PHOTO_MAX_BYTES / 1024 / 1024;
const WRONG_TYPE = /*i18n*/ 'Choose a JPEG, PNG or WebP image.';
const UNREADABLE = /*i18n*/ 'This file could not be opened as an image. Choose a JPEG, PNG or WebP image.';
/** Said with the size: `{megabytes}`. */
const TOO_BIG = /*i18n*/ 'The photo is larger than {megabytes} MB. Choose a smaller file.';

type PhotoChooserProps = {
  /** What shows until a file is chosen: the current photo, or the blank one. */
  current: ReactNode;
  hasPhoto: boolean;
  onSave: (photo: File, square: PhotoCrop) => void;
  isSaving: boolean;
  onRemove: () => void;
  isRemoving: boolean;
  /** A problem with the chosen file (undefined once another is chosen). */
  onProblem: (message: string | undefined) => void;
  /** Beside "Remove photo": a way out of the page, say. */
  children?: ReactNode;
};

/**
 * Choosing a square photo (a member's, a church's): the file is checked for a quick answer (the server checks
 * its content itself), cropped with zoom, and handed to `onSave` with the square; "Remove photo" while none is
 * chosen and one is saved. Give it a new `key` to start over (after a save).
 */
export function PhotoChooser({ current, hasPhoto, onSave, isSaving, onRemove, isRemoving, onProblem, children }: PhotoChooserProps) {
  // The file and the address the cropper shows it from change together, so the cropper never sees a stale one.
  const { i18n } = useLingui();
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [zoom, setZoom] = useState(PHOTO_ZOOM_MIN);
  const [crop, setCrop] = useState<PhotoCrop>();
  const resetPicker = useRef<() => void>(null);

  useEffect(() => {
    if (!chosen) return;
    return () => URL.revokeObjectURL(chosen.url);
  }, [chosen]);

  function onChoose(file: File | null) {
    // Let the same file be chosen again later (the input only reports changes).
    resetPicker.current?.();
    onProblem(undefined);
    if (!file) return;
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return onProblem(i18n._(WRONG_TYPE));
    if (file.size > PHOTO_MAX_BYTES) return onProblem(i18n._(TOO_BIG, { megabytes: MAX_MB }));
    setCrop(undefined);
    setZoom(PHOTO_ZOOM_MIN);
    setChosen({ file, url: URL.createObjectURL(file) });
  }

  return (
    <>
      {!chosen ? (
        current
      ) : (
        <PhotoCropper
          key={chosen.url}
          imageUrl={chosen.url}
          zoom={zoom}
          onZoomChange={setZoom}
          onCropChange={setCrop}
          onImageError={() => {
            setChosen(null);
            setCrop(undefined);
            onProblem(i18n._(UNREADABLE));
          }}
        />
      )}
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <FileButton onChange={onChoose} accept={PHOTO_TYPES.join(',')} resetRef={resetPicker}>
            {(props) => (
              <Button {...props} variant={chosen ? 'outline' : 'filled'}>
                {chosen ? i18n._('Choose another photo') : i18n._('Choose a photo')}
              </Button>
            )}
          </FileButton>
          {chosen && crop ? (
            <Button onClick={() => onSave(chosen.file, crop)} loading={isSaving}>
              {i18n._('Save photo')}
            </Button>
          ) : null}
        </Group>
        <Group gap="md">
          {hasPhoto && !chosen ? (
            <Button variant="subtle" color="red.9" onClick={onRemove} loading={isRemoving}>
              {i18n._('Remove photo')}
            </Button>
          ) : null}
          {children}
        </Group>
      </Group>
    </>
  );
}
