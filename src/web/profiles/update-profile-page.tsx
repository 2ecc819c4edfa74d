import { Text } from '@mantine/core';
import { Page } from '../app/page';

// Placeholder until the profile issue builds this page.
export default function UpdateProfilePage() {
  return (
    <Page title="Your Profile">
      <Text>Tell the network about yourself, your church and your part in foster care, so other members can find you.</Text>
    </Page>
  );
}
