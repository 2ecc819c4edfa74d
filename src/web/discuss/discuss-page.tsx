import { Text } from '@mantine/core';
import { Page } from '../app/page';

// Placeholder until the forum issue builds this page.
export default function DiscussPage() {
  return (
    <Page title="Discussion">
      <Text>A forum where members share questions, ideas and encouragement about caring for children in foster care.</Text>
    </Page>
  );
}
