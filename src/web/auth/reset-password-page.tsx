import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '../../shared/account';
import { PASSWORD_MIN } from '../../shared/limits';
import { MESSAGES } from '../../shared/messages';
import { FormAlert } from '../app/form-alert';
import { PasswordField } from '../app/fields';
import { FormCard } from '../app/form-card';
import { flash } from '../app/flash-notice';
import { Page } from '../app/page';
import { isApiRequestError, isRateLimited } from '../lib/api';
import { checkFields, type FieldErrors } from '../lib/field-errors';
import { resetPassword } from './auth-api';

const PASSWORD_RESET_NOTICE = 'Your password has been changed. Sign in with your new password.';

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token') ?? '';
  // Better Auth sends expired or unknown links here with ?error=INVALID_TOKEN and no token.
  const isLinkBroken = token === '' || searchParams.has('error');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => navigate('/signin', { replace: true, ...flash(PASSWORD_RESET_NOTICE) }),
    onError: (error) => {
      if (isApiRequestError(error) && error.fieldErrors) setFieldErrors(error.fieldErrors);
      setFormError(isRateLimited(error) ? error.message : MESSAGES.resetFailed);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const data = checkFields(resetPasswordSchema, { token, password, confirmPassword }, setFieldErrors);
    if (data) mutation.mutate({ token: data.token, newPassword: data.password });
  }

  if (isLinkBroken) {
    return (
      <Page title="Reset Password" size="xs">
        <FormAlert message={MESSAGES.resetFailed} />
        <Text>
          This reset link is not valid any more. Links work once and expire after a while.{' '}
          <Anchor component={Link} to="/forgot-password">
            Ask for a new link
          </Anchor>
          .
        </Text>
      </Page>
    );
  }

  return (
    <Page title="Reset Password" size="xs">
      <FormCard>
        <FormAlert message={formError} />
        {formError === MESSAGES.resetFailed ? (
          <Text size="sm" mb="md">
            If the link has expired or was already used,{' '}
            <Anchor component={Link} to="/forgot-password">
              ask for a new one
            </Anchor>
            .
          </Text>
        ) : null}
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <PasswordField
              label="New password"
              name="password"
              autoComplete="new-password"
              description={`At least ${PASSWORD_MIN} characters`}
              required
              value={password}
              onValueChange={setPassword}
              error={fieldErrors.password ?? fieldErrors.newPassword}
            />
            <PasswordField
              label="New password confirmation"
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onValueChange={setConfirmPassword}
              error={fieldErrors.confirmPassword}
            />
            <Button type="submit" loading={mutation.isPending} fullWidth>
              Save new password
            </Button>
          </Stack>
        </form>
      </FormCard>
    </Page>
  );
}
