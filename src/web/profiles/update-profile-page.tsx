import { useLingui } from '@lingui/react';
import { Button, Center, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '../../shared/messages';
import { FormAlert } from '../app/form-alert';
import { Page } from '../app/page';
import { YourChurch } from '../churches';
import { ownProfileQueryOptions } from './profile-api';
import { ProfileForm } from './profile-form';

/** /update-profile: a new member lands here after sign-up; members come back to keep it current. */
export default function UpdateProfilePage() {
  const { i18n } = useLingui();
  const query = useQuery(ownProfileQueryOptions);
  return (
    <Page title={i18n._('Your Profile')}>
      <Text mb="lg">
        {i18n._('Tell the network about yourself, your church and your part in foster care, so other members can find you.')}
      </Text>
      {query.isPending ? (
        <Center py="xl" role="status">
          <Loader color="teal" type="dots" aria-hidden="true" />
          <VisuallyHidden>{i18n._('Loading your profile')}</VisuallyHidden>
        </Center>
      ) : query.isError ? (
        <>
          <FormAlert message={i18n._(MESSAGES.profilesLoadFailed)} />
          <Button variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
            {i18n._('Try again')}
          </Button>
        </>
      ) : (
        // Keyed by the saved time, so the form starts from the latest save when the data arrives again.
        <>
          <ProfileForm key={query.data.profile.savedAt ?? 'new'} profile={query.data.profile} />
          <YourChurch hasProfile={query.data.profile.savedAt !== null} />
        </>
      )}
    </Page>
  );
}
