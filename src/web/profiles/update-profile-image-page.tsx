import { useLingui } from '@lingui/react';
import { Anchor, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PHOTO_MAX_BYTES } from '../../shared/limits';
import { flash } from '../app/flash-notice';
import { FormAlert } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { useMe } from '../lib/me-query';
import { isApiRequestError } from '../lib/api';
import { signInPathFor } from '../lib/safe-next';
import { PhotoChooser } from './photo-chooser';
import { useRemovePhoto, useUploadPhoto } from './profile-api';
import { BLANK_AVATAR_URL } from '../lib/blank-avatar';

const PHOTO_SAVED_NOTICE = /*i18n*/ 'Your profile picture has been saved.';
const PHOTO_REMOVED_NOTICE = /*i18n*/ 'Your profile picture has been removed.';
const MAX_MB = PHOTO_MAX_BYTES / 1024 / 1024;

/** /update-profile-image: not guarded (product.md §2.4), so visitors see an invitation to sign in instead. */
export default function UpdateProfileImagePage() {
  const { i18n } = useLingui();
  const me = useMe();
  return (
    <Page title={i18n._('Profile Picture')}>
      {me ? (
        <PhotoEditor currentUrl={me.photoUrl} />
      ) : (
        <FormCard>
          <Stack align="flex-start">
            <Text>{i18n._('Please sign in to choose the photo other members see next to your name.')}</Text>
            <Button component={Link} to={signInPathFor('/update-profile-image')}>
              {i18n._('Sign In')}
            </Button>
          </Stack>
        </FormCard>
      )}
    </Page>
  );
}

function PhotoEditor({ currentUrl }: { currentUrl: string | null }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();

  const upload = useUploadPhoto({
    onRefreshed: () => navigate('/dashboard', flash(i18n._(PHOTO_SAVED_NOTICE))),
    onError: (err) => setError(isApiRequestError(err) ? err.message : i18n._('The photo could not be saved. Please try again.')),
  });

  const remove = useRemovePhoto({
    onRefreshed: () => navigate('/dashboard', flash(i18n._(PHOTO_REMOVED_NOTICE))),
    onError: () => setError(i18n._('The photo could not be removed. Please try again.')),
  });

  return (
    <FormCard>
      <FormAlert message={error} />
      <Stack gap="lg">
        <Text>
          {i18n._(
            'Choose the photo other members see next to your name: a JPEG, PNG or WebP image of up to {megabytes} MB. We keep a square copy of it without any location or camera details.',
            { megabytes: MAX_MB },
          )}
        </Text>
        <PhotoChooser
          current={
            <Group gap="lg">
              <Image
                src={currentUrl ?? BLANK_AVATAR_URL}
                alt={currentUrl ? i18n._('Your current profile picture') : i18n._('Blank profile picture')}
                w={120}
                h={120}
                radius={999}
                fit="cover"
              />
            </Group>
          }
          hasPhoto={currentUrl !== null}
          onSave={(photo, square) => upload.mutate({ photo, square })}
          isSaving={upload.isPending}
          onRemove={() => remove.mutate()}
          isRemoving={remove.isPending}
          onProblem={setError}
        >
          <Anchor component={Link} to="/dashboard">
            {i18n._('Cancel')}
          </Anchor>
        </PhotoChooser>
      </Stack>
    </FormCard>
  );
}
