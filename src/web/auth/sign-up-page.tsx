import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { signUpSchema } from '../../shared/account';
import { PASSWORD_MIN } from '../../shared/limits';
import { MESSAGES } from '../../shared/messages';
import { FormAlert } from '../app/form-alert';
import { EmailField, PasswordField } from '../app/fields';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { isApiRequestError, isRateLimited } from '../lib/api';
import { checkFields, type FieldErrors } from '../lib/field-errors';
import { signUp } from './auth-api';
import { GoogleSignInButton } from './google-sign-in-button';
import { refreshMe } from './me-query';

export default function SignUpPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [isHuman, setIsHuman] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const submitRef = useRef<HTMLButtonElement>(null);

  // The confirmation button disappears when clicked; hand keyboard focus to the button that replaces it.
  useEffect(() => {
    if (isHuman) submitRef.current?.focus();
  }, [isHuman]);

  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: async () => {
      await refreshMe(queryClient);
      await navigate('/update-profile', { replace: true });
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.fieldErrors) setFieldErrors(error.fieldErrors);
      setFormError(isRateLimited(error) ? error.message : MESSAGES.signUpFailed);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isHuman) return;
    setFormError(undefined);
    const data = checkFields(signUpSchema, { email, password, confirmPassword }, setFieldErrors);
    if (data) mutation.mutate({ email: data.email, password: data.password });
  }

  return (
    <Page title="Sign Up" size="xs">
      <FormCard>
        <FormAlert message={formError} />
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <EmailField value={email} onValueChange={setEmail} error={fieldErrors.email} />
            <PasswordField
              label="Password"
              name="password"
              autoComplete="new-password"
              description={`At least ${PASSWORD_MIN} characters`}
              required
              value={password}
              onValueChange={setPassword}
              error={fieldErrors.password}
            />
            <PasswordField
              label="Password Confirmation"
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onValueChange={setConfirmPassword}
              error={fieldErrors.confirmPassword}
            />
            <Text size="sm">{MESSAGES.publishNotice}</Text>
            {/* Distinct keys: reusing the clicked button's DOM node as the submit button would submit the form. */}
            {isHuman ? (
              <Button key="submit" ref={submitRef} type="submit" loading={mutation.isPending} fullWidth>
                Sign Up
              </Button>
            ) : (
              <Button key="human" type="button" variant="outline" onClick={() => setIsHuman(true)} fullWidth>
                {MESSAGES.humanPersonButton}
              </Button>
            )}
          </Stack>
        </form>
        <GoogleSignInButton next="/" onError={setFormError} />
      </FormCard>
      <Text ta="center" mt="lg">
        Already have an account?{' '}
        <Anchor component={Link} to="/signin">
          Sign In
        </Anchor>
      </Text>
    </Page>
  );
}
