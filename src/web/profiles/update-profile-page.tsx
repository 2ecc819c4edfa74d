import { useLingui } from '@lingui/react';
import { Button, Center, List, Loader, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '../../shared/messages';
import { FormAlert } from '../app/form-alert';
import { Page } from '../app/page';
import { YourChurch } from '../churches';
import { ownProfileQueryOptions } from './profile-api';
import { ProfileForm } from './profile-form';
import { DIRECTORY_RULE } from '../../shared/profile';
import { DirectoryRuleNotice } from './directory-rule';

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
          {query.data.profile.savedAt === null ? (
            <Welcome />
          ) : query.data.profile.agAffiliated !== 'Yes' ? (
            <Paper bg="mustard.0" withBorder p="md" mb="lg">
              <DirectoryRuleNotice answer={query.data.profile.agAffiliated} />
            </Paper>
          ) : null}
          <ProfileForm key={query.data.profile.savedAt ?? 'new'} profile={query.data.profile} />
          <YourChurch hasProfile={query.data.profile.savedAt !== null} />
        </>
      )}
    </Page>
  );
}

/**
 * The welcome a new member meets after signing up and confirming (issue 29): what happens next, and the directory's
 * rule, before the form rather than after a save that silently leaves them out.
 */
function Welcome() {
  const { i18n } = useLingui();
  return (
    <Paper bg="teal.0" withBorder p="md" mb="lg" component="section" aria-labelledby="welcome-title">
      <Title order={2} size="h3" id="welcome-title" mb="xs">
        {i18n._('Welcome to the network')}
      </Title>
      <Text size="sm" mb="xs">
        {i18n._('What happens next:')}
      </Text>
      <List type="ordered" size="sm" spacing={6}>
        <List.Item>{i18n._('Fill in your profile: first name, last name, phone and state are all it needs.')}</List.Item>
        <List.Item>
          <strong>{i18n._(DIRECTORY_RULE)}</strong>
        </List.Item>
        <List.Item>{i18n._('Choose your church (below the form), so its point persons can confirm you.')}</List.Item>
        <List.Item>
          {i18n._('Your dashboard then shows your next steps, needs near you, your care teams and new posts on Discuss.')}
        </List.Item>
      </List>
    </Paper>
  );
}
