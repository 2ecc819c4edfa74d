import { Trans, useLingui } from '@lingui/react';
import { Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { resendFailureOf } from '../app/email-confirm-notice';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { call, client } from '../lib/api-client';
import { signInPathFor } from '../lib/safe-next';
import { DIRECTORY_RULE } from '../../shared/profile';

/** After the sign-up, a member's first stop is the profile form (product.md §3.4: sign-up goes to /update-profile). */
const FIRST_SIGN_IN_PATH = signInPathFor('/update-profile');

function sendConfirmationMail(email: string) {
  return call(client.account['confirmation-mail'].$post({ json: { email } }));
}

/**
 * What a sign-up shows, whether or not the address already had an account (the server answers both alike,
 * issue 23): the link waits in the inbox. "Send the link again" needs no session, only the address.
 */
export function CheckInbox({ email }: { email: string }) {
  const { i18n } = useLingui();
  const resend = useMutation({ mutationFn: () => sendConfirmationMail(email) });
  // The form gave way to this page without a navigation: its heading takes the focus, as after one.
  useEffect(() => {
    document.querySelector<HTMLElement>('[data-page-heading]')?.focus();
  }, []);
  const failure = resendFailureOf(resend.error);

  return (
    <Page title={i18n._('Check your inbox')} size="xs">
      <FormCard>
        <Stack>
          <Text>
            <Trans
              id="We sent a link to <0>{email}</0> to confirm that it is your address. Open it and sign in with the password you chose; then you can fill in your profile."
              values={{ email }}
              components={{ 0: <strong style={{ overflowWrap: 'anywhere' }} /> }}
            />
          </Text>
          <Text size="sm">
            {i18n._(
              'If this address already has an account, we sent its owner a note on how to sign in or reset the password instead. The link may take a few minutes; check your spam folder too.',
            )}
          </Text>
          <div>
            <Button variant="outline" onClick={() => resend.mutate()} loading={resend.isPending} disabled={resend.isSuccess}>
              {i18n._('Send the link again')}
            </Button>
          </div>
          <div role="status">
            {resend.isSuccess ? <Text size="sm">{i18n._('Sent. Check your inbox at {email}.', { email })}</Text> : null}
          </div>
          {failure ? (
            <Text c="red.9" size="sm" role="alert">
              {failure}
            </Text>
          ) : null}
          <Anchor component={Link} to={FIRST_SIGN_IN_PATH}>
            {i18n._('Sign in')}
          </Anchor>
          {/* The welcome (issue 29): what happens after the link, and the directory's rule, before the profile form. */}
          <section aria-labelledby="next-title">
            <Title order={2} size="h4" id="next-title" mb={4}>
              {i18n._('What happens next')}
            </Title>
            <List type="ordered" size="sm" spacing={4}>
              <List.Item>{i18n._('Open the link in the mail we sent, and sign in.')}</List.Item>
              <List.Item>{i18n._('Fill in your profile: first name, last name, phone and state are all it needs.')}</List.Item>
              <List.Item>{i18n._(DIRECTORY_RULE)}</List.Item>
              <List.Item>{i18n._('Choose your church, and find needs near you and care teams to join from your dashboard.')}</List.Item>
            </List>
          </section>
        </Stack>
      </FormCard>
    </Page>
  );
}
