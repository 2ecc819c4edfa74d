import { useLingui } from '@lingui/react';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { signUpSchema } from '../../shared/account';
import { MESSAGES } from '../../shared/messages';
import { FormAlert } from '../app/form-alert';
import { EmailField, NewPasswordFields } from '../app/fields';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { isRateLimited } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { signUp } from './auth-api';
import { CheckInbox } from './check-inbox';
import { GoogleSignInButton } from './google-sign-in-button';
import { OtherAccountLink } from './other-account-link';

export default function SignUpPage() {
  const { i18n } = useLingui();
  const f = useSchemaForm({ schema: signUpSchema, initialValues: { email: '', password: '', confirmPassword: '' } });
  const [isHuman, setIsHuman] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);

  // The confirmation button disappears when clicked; hand keyboard focus to the button that replaces it.
  useEffect(() => {
    if (isHuman) submitRef.current?.focus();
  }, [isHuman]);

  // The answer is the same whether or not the address had an account, and signs nobody in (issue 23):
  // the person confirms from the mail, signs in, and goes on to /update-profile from there.
  const mutation = useMutation({
    mutationFn: signUp,
    onError: (error) => f.failWith(error, isRateLimited(error) ? error.message : i18n._(MESSAGES.signUpFailed)),
  });
  if (mutation.data) return <CheckInbox email={mutation.data.email} />;

  const formProps = f.formProps((data) => mutation.mutate({ email: data.email, password: data.password }));
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (isHuman) return formProps.onSubmit(event);
    event.preventDefault();
    setIsHuman(true);
  }

  return (
    <Page title={i18n._('Sign Up')} size="xs">
      <FormCard>
        <FormAlert message={f.formError} />
        {/* Until the person button is pressed it is the form's submit button (a form needs one, WCAG technique H32):
            pressing it, or Enter in a field, says a person is here, and Sign Up takes its place. */}
        <form {...formProps} onSubmit={onSubmit}>
          <Stack>
            <EmailField {...f.field('email')} />
            <NewPasswordFields
              label={i18n._('Password')}
              confirmationLabel={i18n._('Password Confirmation')}
              required
              password={f.field('password')}
              confirmation={f.field('confirmPassword')}
            />
            <Text size="sm">{i18n._(MESSAGES.publishNotice)}</Text>
            {/* Distinct keys: reusing the clicked button's DOM node as the submit button would submit the form. */}
            {isHuman ? (
              <Button key="submit" ref={submitRef} type="submit" loading={mutation.isPending} fullWidth>
                {i18n._('Sign Up')}
              </Button>
            ) : (
              <Button key="human" type="submit" variant="outline" fullWidth>
                {i18n._(MESSAGES.humanPersonButton)}
              </Button>
            )}
          </Stack>
        </form>
        <GoogleSignInButton next="/" onError={f.setFormError} />
      </FormCard>
      <OtherAccountLink to="/signin" />
    </Page>
  );
}
