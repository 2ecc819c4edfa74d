import { useLingui } from '@lingui/react';
import { Text } from '@mantine/core';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { sendContactMessage } from './contact-api';
import { ContactForm } from './contact-form';

/** /contact (product.md §3.15): a message to the network's team. */
export default function ContactPage() {
  const { i18n } = useLingui();
  return (
    <Page title={i18n._('Contact Us')} size="xs">
      <Text mb="lg">{i18n._('Send the network’s team a question or a note, and we will write back to you.')}</Text>
      <FormCard>
        <ContactForm label={i18n._('Contact the team')} send={sendContactMessage} />
      </FormCard>
    </Page>
  );
}
