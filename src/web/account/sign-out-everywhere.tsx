import { useLingui } from '@lingui/react';
import { Box, Button, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endSession } from '../app/flash-notice';
import { FormAlert } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { signOutEverywhere } from './account-api';

/**
 * "Sign out everywhere" (issue 23): ends every session of the account, this browser's too, and any change
 * of address waiting for its link; the browser then forgets the member as after signing out.
 */
export function SignOutEverywhere() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: async () => {
      await navigate('/signin', { replace: true, ...endSession(i18n._('You are signed out on every device. Sign in again to go on.')) });
    },
  });
  return (
    <Box mt="lg">
      <FormCard>
        <section aria-labelledby="sign-out-everywhere-title">
          <Title order={2} size="h4" mb="xs" id="sign-out-everywhere-title">
            {i18n._('Sign out everywhere')}
          </Title>
          <Text size="sm" mb="md">
            {i18n._(
              'Signed in on a device you no longer use, or worried that someone else got in? This signs your account out on every device, this one included, and cancels any change of email address still waiting for its link. You then sign in again with your password.',
            )}
          </Text>
          <FormAlert message={mutation.isError ? i18n._('Failed to sign out everywhere. Please try again.') : null} />
          <Button variant="outline" color="red.9" onClick={() => mutation.mutate()} loading={mutation.isPending}>
            {i18n._('Sign out everywhere')}
          </Button>
        </section>
      </FormCard>
    </Box>
  );
}
