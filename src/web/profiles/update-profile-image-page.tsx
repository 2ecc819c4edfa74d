import { Anchor, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, PHOTO_ZOOM_MIN } from '../../shared/limits';
import type { PhotoCrop } from '../../shared/profile';
import { flash } from '../app/flash-notice';
import { FormAlert } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { useMe } from '../lib/me-query';
import { isApiRequestError } from '../lib/api';
import { signInPathFor } from '../lib/safe-next';
import { PhotoCropper } from './photo-cropper';
import { useRemovePhoto, useUploadPhoto } from './profile-api';

export const BLANK_AVATAR_URL = '/images/blank-avatar.svg';
const PHOTO_SAVED_NOTICE = 'Your profile picture has been saved.';
const PHOTO_REMOVED_NOTICE = 'Your profile picture has been removed.';
const MAX_MB = PHOTO_MAX_BYTES / 1024 / 1024;
const WRONG_TYPE = 'Choose a JPEG, PNG or WebP image.';
const UNREADABLE = 'This file could not be opened as an image. Choose a JPEG, PNG or WebP image.';
const TOO_BIG = `The photo is larger than ${MAX_MB} MB. Choose a smaller file.`;

/** /update-profile-image: not guarded (product.md §2.4), so visitors see an invitation to sign in instead. */
export default function UpdateProfileImagePage() {
  const me = useMe();
  return (
    <Page title="Profile Picture">
      {me ? (
        <PhotoEditor currentUrl={me.photoUrl} />
      ) : (
        <FormCard>
          <Stack align="flex-start">
            <Text>Please sign in to choose the photo other members see next to your name.</Text>
            <Button component={Link} to={signInPathFor('/update-profile-image')}>
              Sign In
            </Button>
          </Stack>
        </FormCard>
      )}
    </Page>
  );
}

function PhotoEditor({ currentUrl }: { currentUrl: string | null }) {
  const navigate = useNavigate();
  // The file and the address the cropper shows it from change together, so the cropper never sees a stale one.
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [zoom, setZoom] = useState(PHOTO_ZOOM_MIN);
  const [crop, setCrop] = useState<PhotoCrop>();
  const [error, setError] = useState<string>();
  const resetPicker = useRef<() => void>(null);

  useEffect(() => {
    if (!chosen) return;
    return () => URL.revokeObjectURL(chosen.url);
  }, [chosen]);

  function onChoose(file: File | null) {
    // Let the same file be chosen again later (the input only reports changes).
    resetPicker.current?.();
    setError(undefined);
    if (!file) return;
    // A first check for a quick answer; the server checks the content itself.
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return setError(WRONG_TYPE);
    if (file.size > PHOTO_MAX_BYTES) return setError(TOO_BIG);
    setCrop(undefined);
    setZoom(PHOTO_ZOOM_MIN);
    setChosen({ file, url: URL.createObjectURL(file) });
  }

  const upload = useUploadPhoto({
    onRefreshed: () => navigate('/dashboard', flash(PHOTO_SAVED_NOTICE)),
    onError: (err) => setError(isApiRequestError(err) ? err.message : 'The photo could not be saved. Please try again.'),
  });

  const remove = useRemovePhoto({
    onRefreshed: () => navigate('/dashboard', flash(PHOTO_REMOVED_NOTICE)),
    onError: () => setError('The photo could not be removed. Please try again.'),
  });

  return (
    <FormCard>
      <FormAlert message={error} />
      <Stack gap="lg">
        <Text>
          Choose the photo other members see next to your name: a JPEG, PNG or WebP image of up to {MAX_MB} MB. We keep a square copy of it
          without any location or camera details.
        </Text>
        {!chosen ? (
          <Group gap="lg">
            <Image
              src={currentUrl ?? BLANK_AVATAR_URL}
              alt={currentUrl ? 'Your current profile picture' : 'Blank profile picture'}
              w={120}
              h={120}
              radius={999}
              fit="cover"
            />
          </Group>
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
              setError(UNREADABLE);
            }}
          />
        )}
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <FileButton onChange={onChoose} accept={PHOTO_TYPES.join(',')} resetRef={resetPicker}>
              {(props) => (
                <Button {...props} variant={chosen ? 'outline' : 'filled'}>
                  {chosen ? 'Choose another photo' : 'Choose a photo'}
                </Button>
              )}
            </FileButton>
            {chosen && crop ? (
              <Button onClick={() => upload.mutate({ photo: chosen.file, square: crop })} loading={upload.isPending}>
                Save photo
              </Button>
            ) : null}
          </Group>
          <Group gap="md">
            {currentUrl && !chosen ? (
              <Button variant="subtle" color="red.9" onClick={() => remove.mutate()} loading={remove.isPending}>
                Remove photo
              </Button>
            ) : null}
            <Anchor component={Link} to="/dashboard">
              Cancel
            </Anchor>
          </Group>
        </Group>
      </Stack>
    </FormCard>
  );
}
