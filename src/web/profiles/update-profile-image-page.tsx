import { Text } from '@mantine/core';
import { Page } from '../app/page';

// Placeholder until the profile photo issue builds this page.
export default function UpdateProfileImagePage() {
  return (
    <Page title="Profile Picture">
      <Text>Choose the photo that other members see next to your name.</Text>
    </Page>
  );
}
