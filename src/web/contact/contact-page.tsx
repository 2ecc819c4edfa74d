import { Text } from '@mantine/core';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { sendContactMessage } from './contact-api';
import { ContactForm } from './contact-form';

/** /contact (product.md §3.15): a message to the network's team. */
export default function ContactPage() {
  return (
    <Page title="Contact Us" size="xs">
      <Text mb="lg">Send the network’s team a question or a note, and we will write back to you.</Text>
      <FormCard>
        <ContactForm label="Contact the team" send={sendContactMessage} />
      </FormCard>
    </Page>
  );
}
