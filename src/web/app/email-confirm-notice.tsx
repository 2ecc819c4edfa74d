import { Button, Paper, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { EMAIL_LINK_MESSAGES } from '../../shared/account';
import { useMe } from '../lib/me-query';
import { isApiRequestError } from '../lib/api';
import { call, client } from '../lib/api-client';

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
export function resendFailureOf(error: Error | null): string | null {
  if (!error) return null;
  return isApiRequestError(error) ? error.message : 'The link could not be sent. Please try again.';
}

export function EmailConfirmNotice({ place }: { place: Place }) {
  const me = useMe();
  const resend = useMutation({ mutationFn: sendEmailLinkAgain });
  if (!me || me.emailVerified) return null;
  const failure = resendFailureOf(resend.error);
  return (
    <Paper bg="mustard.5" c="var(--mantine-color-black)" p="md" radius="md" mb="md" data-email-unconfirmed>
      <Text c="inherit" mb="xs">
        {EMAIL_LINK_MESSAGES.places[place]}
      </Text>
      <Text c="inherit" size="sm" mb="xs">
        We sent the link to <strong style={{ overflowWrap: 'anywhere' }}>{me.email}</strong>.
      </Text>
      <Button size="xs" variant="white" c="dark" onClick={() => resend.mutate()} loading={resend.isPending} disabled={resend.isSuccess}>
        Send the link again
      </Button>
      <div role="status">
        {resend.data ? (
          <Text c="inherit" size="sm" mt="xs">
            Sent. Check your inbox at {resend.data.sentTo}.
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
