import { useLingui } from '@lingui/react';
import { Anchor, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES } from '../../shared/messages';
import { SECOND_FACTOR_SIGN_IN_MESSAGE } from '../../shared/two-factor';
import { FormAlert } from '../app/form-alert';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { signOut } from '../auth';
import { forgetMember, refreshMe } from '../lib/me-query';
import { SecondFactorForm } from './second-factor-form';

/**
 * Shown in place of any page while the session owes its second factor (decision 028: a Google sign-in of an
 * account with two-step sign-in): a code or a recovery code, then the page asked for, at the same address.
 * Signing out is the other way on.
 */
export function FinishSignIn() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const signOutMutation = useMutation({
    mutationFn: signOut,
    onSuccess: () => forgetMember(queryClient),
    onError: () => setError(i18n._(MESSAGES.signOutFailed)),
  });
  return (
    <Page title={i18n._('Two-step sign-in')} size="xs">
      <Text mb="lg">{i18n._(SECOND_FACTOR_SIGN_IN_MESSAGE)}</Text>
      <FormCard>
        <SecondFactorForm onPassed={() => refreshMe(queryClient)} />
      </FormCard>
      <FormAlert message={error} />
      <Text ta="center" mt="lg">
        <Anchor component="button" type="button" onClick={() => signOutMutation.mutate()}>
          {i18n._('Sign out')}
        </Anchor>
      </Text>
    </Page>
  );
}
