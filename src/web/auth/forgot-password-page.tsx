import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '../../shared/account';
import { MESSAGES } from '../../shared/messages';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { EmailField } from '../app/fields';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { isRateLimited } from '../lib/api';
import { checkFields, type FieldErrors } from '../lib/field-errors';
import { requestPasswordReset } from './auth-api';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [success, setSuccess] = useState<string>();

  // The answer is the same whether or not the address has an account, so nobody can probe for members.
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => setSuccess(MESSAGES.checkInbox),
    onError: (error) => setFormError(isRateLimited(error) ? error.message : MESSAGES.resetFailed),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    setSuccess(undefined);
    const data = checkFields(forgotPasswordSchema, { email }, setFieldErrors);
    if (data) mutation.mutate(data);
  }

  return (
    <Page title="Forgot Password" size="xs">
      <FormCard>
        <FormAlert message={formError} />
        <FormSuccess message={success} />
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Text size="sm">Enter the email you signed up with and we will send you a link to choose a new password.</Text>
            <EmailField value={email} onValueChange={setEmail} error={fieldErrors.email} />
            <Group justify="space-between">
              <Anchor component={Link} to="/signin" size="sm">
                Sign In
              </Anchor>
              <Button type="submit" loading={mutation.isPending}>
                Reset Password
              </Button>
            </Group>
          </Stack>
        </form>
      </FormCard>
      <Text ta="center" mt="lg">
        Need an account?{' '}
        <Anchor component={Link} to="/signup">
          Sign Up
        </Anchor>
      </Text>
    </Page>
  );
}
