import { useLingui } from '@lingui/react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '../../shared/account';
import { MESSAGES } from '../../shared/messages';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { EmailField } from '../app/fields';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { isRateLimited } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { requestPasswordReset } from './auth-api';
import { OtherAccountLink } from './other-account-link';

export default function ForgotPasswordPage() {
  const { i18n } = useLingui();
  const [success, setSuccess] = useState<string>();
  const f = useSchemaForm({
    schema: forgotPasswordSchema,
    initialValues: { email: '' },
    onSubmitStart: () => setSuccess(undefined),
  });

  // The answer is the same whether or not the address has an account, so nobody can probe for members.
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => setSuccess(i18n._(MESSAGES.checkInbox)),
    onError: (error) => f.failWith(error, isRateLimited(error) ? error.message : i18n._(MESSAGES.resetFailed)),
  });

  return (
    <Page title={i18n._('Forgot Password')} size="xs">
      <FormCard>
        <FormAlert message={f.formError} />
        <FormSuccess message={success} />
        <form {...f.formProps((data) => mutation.mutate(data))}>
          <Stack>
            <Text size="sm">{i18n._('Enter the email you signed up with and we will send you a link to choose a new password.')}</Text>
            <EmailField {...f.field('email')} />
            <Group justify="space-between">
              <Anchor component={Link} to="/signin" size="sm">
                {i18n._('Sign In')}
              </Anchor>
              <Button type="submit" loading={mutation.isPending}>
                {i18n._('Reset Password')}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormCard>
      <OtherAccountLink to="/signup" />
    </Page>
  );
}
