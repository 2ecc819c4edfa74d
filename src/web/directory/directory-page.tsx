import { Text } from '@mantine/core';
import { Page } from '../app/page';

// Placeholder until the directory issue builds this page.
export default function DirectoryPage() {
  return (
    <Page title="Member Directory">
      <Text>Find members of the network by name, state and the way they serve, and write to them.</Text>
    </Page>
  );
}
