import { useLingui } from '@lingui/react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_SUSPENDED_MESSAGE, signInSchema } from '../../shared/account';
import { MESSAGES } from '../../shared/messages';
import { TWO_FACTOR_MESSAGES } from '../../shared/two-factor';
import { FormAlert } from '../app/form-alert';
import { EmailField, PasswordField } from '../app/fields';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { isApiRequestError, isRateLimited } from '../lib/api';
import { safeNextPath } from '../lib/safe-next';
import { useSchemaForm } from '../lib/use-schema-form';
import { SecondFactorForm } from '../two-factor';
import { signIn } from './auth-api';
import { GoogleSignInButton } from './google-sign-in-button';
import { refreshMe } from '../lib/me-query';
import { OtherAccountLink } from './other-account-link';

/** Better Auth's answer when the password was right and the account has two-step sign-in. */
function isTwoFactorRedirect(answer: unknown): boolean {
  return (answer as { twoFactorRedirect?: unknown } | null)?.twoFactorRedirect === true;
}

export default function SignInPage() {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** A second sentence below the failure, when there is something the member can do about it. */
  const [formDetail, setFormDetail] = useState<string | undefined>(
    /suspended/i.test(searchParams.get('error') ?? '') ? i18n._(ACCOUNT_SUSPENDED_MESSAGE) : undefined,
  );
  const f = useSchemaForm({
    schema: signInSchema,
    initialValues: { email: '', password: '' },
    // A Google sign-in that failed comes back here with Better Auth's ?error=<code>.
    initialFormError: searchParams.has('error') ? i18n._(MESSAGES.signInFailed) : undefined,
    onSubmitStart: () => setFormDetail(undefined),
  });
  const [isCodeStep, setCodeStep] = useState(false);
  const next = safeNextPath(searchParams.get('next'), window.location.origin);

  async function finish() {
    await refreshMe(queryClient);
    await navigate(next, { replace: true });
  }

  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: async (answer) => {
      // The password was right; the account asks for its second step before there is a session.
      if (isTwoFactorRedirect(answer)) return setCodeStep(true);
      await finish();
    },
    onError: (error) => {
      f.failWith(error, isRateLimited(error) ? error.message : i18n._(MESSAGES.signInFailed));
      setFormDetail(isApiRequestError(error) && error.code === 'ACCOUNT_SUSPENDED' ? i18n._(ACCOUNT_SUSPENDED_MESSAGE) : undefined);
    },
  });

  function backToPassword(notice?: string) {
    setCodeStep(false);
    f.form.setFieldValue('password', '');
    f.setFormError(notice);
    setFormDetail(undefined);
  }

  if (isCodeStep) {
    return (
      <Page title={i18n._('Sign In')} size="xs">
        <FormCard>
          <Stack>
            <Title order={2} size="h3">
              {i18n._('Two-step sign-in')}
            </Title>
            <Text>{i18n._('Enter the 6-digit code your authenticator app shows for Foster Care Network.')}</Text>
            <SecondFactorForm
              onPassed={finish}
              onSignInOver={() => backToPassword(i18n._(TWO_FACTOR_MESSAGES.pendingExpired))}
              isFocusedAtStart
            />
          </Stack>
        </FormCard>
        <Text ta="center" mt="lg">
          <Anchor component="button" type="button" onClick={() => backToPassword()}>
            {i18n._('Sign in as someone else')}
          </Anchor>
        </Text>
      </Page>
    );
  }

  return (
    <Page title={i18n._('Sign In')} size="xs">
      <FormCard>
        <FormAlert message={f.formError} detail={formDetail} />
        <form {...f.formProps((data) => mutation.mutate(data))}>
          <Stack>
            <EmailField {...f.field('email')} />
            <PasswordField label={i18n._('Password')} autoComplete="current-password" required {...f.field('password')} />
            <Group justify="space-between" align="center">
              <Anchor component={Link} to="/forgot-password" size="sm">
                {i18n._('Forgot password?')}
              </Anchor>
              <Button type="submit" loading={mutation.isPending}>
                {i18n._('Sign In')}
              </Button>
            </Group>
          </Stack>
        </form>
        <GoogleSignInButton next={next} onError={f.setFormError} />
      </FormCard>
      <OtherAccountLink to="/signup" />
    </Page>
  );
}
