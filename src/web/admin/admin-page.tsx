import { Text } from '@mantine/core';
import { MESSAGES } from '../../shared/messages';
import { Page } from '../app/page';
import { useMe } from '../auth/me-query';

// Placeholder until the admin issue builds this page; the admin check itself is already in place.
export default function AdminPage() {
  const me = useMe();
  return (
    <Page title="Admin">
      <Text>{me?.isAdmin ? 'An overview of members, all profiles and every mail the site sends.' : MESSAGES.adminClosed}</Text>
    </Page>
  );
}
