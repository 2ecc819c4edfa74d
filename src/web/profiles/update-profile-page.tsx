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
  const query = useQuery(ownProfileQueryOptions);
  return (
    <Page title="Your Profile">
      <Text mb="lg">Tell the network about yourself, your church and your part in foster care, so other members can find you.</Text>
      {query.isPending ? (
        <Center py="xl" role="status">
          <Loader color="teal" type="dots" aria-hidden="true" />
          <VisuallyHidden>Loading your profile</VisuallyHidden>
        </Center>
      ) : query.isError ? (
        <>
          <FormAlert message={MESSAGES.profilesLoadFailed} />
          <Button variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
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
