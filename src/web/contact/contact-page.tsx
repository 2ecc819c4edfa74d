import { Text } from '@mantine/core';
import { Page } from '../app/page';

// Placeholder until the contact issue builds this page.
export default function ContactPage() {
  return (
    <Page title="Contact Us">
      <Text>Send the network's team a question or a note, and we will write back to you.</Text>
    </Page>
  );
}
