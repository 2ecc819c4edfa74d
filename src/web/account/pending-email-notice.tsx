import { Trans, useLingui } from '@lingui/react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { sendEmailLinkAgain } from '../app/email-confirm-notice';
import { isApiRequestError } from '../lib/api';
import { useCancelEmailChange } from './account-api';

/** A change of address waiting for the new address to confirm: send its link again, or call it off. */
export function PendingEmailNotice({ pendingEmail }: { pendingEmail: string }) {
  const { i18n } = useLingui();
  const resend = useMutation({ mutationFn: sendEmailLinkAgain });
  const cancel = useCancelEmailChange();
  const failure = resend.error ?? cancel.error;
  return (
    <Paper withBorder p="md" radius="md" mb="md" data-pending-email>
      <Text mb="xs" style={{ overflowWrap: 'anywhere' }}>
        <Trans
          id="Your email address changes to <0>{email}</0> when you open the link we sent there."
          values={{ email: pendingEmail }}
          components={{ 0: <strong /> }}
        />
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="outline" onClick={() => resend.mutate()} loading={resend.isPending} disabled={resend.isSuccess}>
          {i18n._('Send the link again')}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => cancel.mutate()} loading={cancel.isPending}>
          {i18n._('Keep my current address')}
        </Button>
      </Group>
      <div role="status">
        {resend.data ? (
          <Text size="sm" mt="xs">
            {i18n._('Sent. Check your inbox at {email}.', { email: resend.data.sentTo })}
          </Text>
        ) : null}
      </div>
      {failure ? (
        <Text c="red.9" size="sm" mt="xs" role="alert">
          {isApiRequestError(failure) ? failure.message : i18n._('That did not work. Please try again.')}
        </Text>
      ) : null}
    </Paper>
  );
}
