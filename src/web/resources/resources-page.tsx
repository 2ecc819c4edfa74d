import { Text } from '@mantine/core';
import { Page } from '../app/page';

// Placeholder until the resources issue builds this page.
export default function ResourcesPage() {
  return (
    <Page title="Resources">
      <Text>Printable flyers and images to download and share the network's message in your church.</Text>
    </Page>
  );
}
