import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { Button, Paper, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { EMAIL_LINK_MESSAGES } from '../../shared/account';
import { useMe } from '../lib/me-query';
import { isApiRequestError } from '../lib/api';
import { call, client } from '../lib/api-client';
import { i18n as pageI18n } from '../i18n/i18n';

type Place = keyof typeof EMAIL_LINK_MESSAGES.places;

/** Asks the server to mail the confirmation link again (the pending change's, if any). Rate-limited there. */
export function sendEmailLinkAgain() {
  return call(client.account['verification-mail'].$post());
}

/**
 * What waits for the member's confirmed address says so in one sentence, with "Send the link again".
 * Renders nothing for a confirmed member (or a visitor).
 */
/** What a failed "Send the link again" says: the server's sentence (a limit, say), or that it failed. */
export function resendFailureOf(error: Error | null, i18n: I18n = pageI18n): string | null {
  if (!error) return null;
  return isApiRequestError(error) ? error.message : i18n._('The link could not be sent. Please try again.');
}

export function EmailConfirmNotice({ place }: { place: Place }) {
  const me = useMe();
  const { i18n } = useLingui();
  const resend = useMutation({ mutationFn: sendEmailLinkAgain });
  if (!me || me.emailVerified) return null;
  const failure = resendFailureOf(resend.error, i18n);
  return (
    <Paper bg="mustard.5" c="var(--mantine-color-black)" p="md" radius="md" mb="md" data-email-unconfirmed>
      <Text c="inherit" mb="xs">
        {i18n._(EMAIL_LINK_MESSAGES.places[place])}
      </Text>
      <Text c="inherit" size="sm" mb="xs">
        <Trans
          id="We sent the link to <0>{email}</0>."
          values={{ email: me.email }}
          components={{ 0: <strong style={{ overflowWrap: 'anywhere' }} /> }}
        />
      </Text>
      <Button size="xs" variant="white" c="dark" onClick={() => resend.mutate()} loading={resend.isPending} disabled={resend.isSuccess}>
        {i18n._('Send the link again')}
      </Button>
      <div role="status">
        {resend.data ? (
          <Text c="inherit" size="sm" mt="xs">
            {i18n._('Sent. Check your inbox at {address}.', { address: resend.data.sentTo })}
          </Text>
        ) : null}
      </div>
      {failure ? (
        <Text c="red.9" size="sm" mt="xs" role="alert">
          {failure}
        </Text>
      ) : null}
    </Paper>
  );
}
