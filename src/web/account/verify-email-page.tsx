import { Trans, useLingui } from '@lingui/react';
import { Anchor, Group, Loader, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_LINK_MESSAGES } from '../../shared/account';
import { EmailConfirmNotice } from '../app/email-confirm-notice';
import { FormAlert, FormSuccess } from '../app/form-alert';
import { Page } from '../app/page';
import { refreshMe, useMe } from '../lib/me-query';
import { isApiRequestError } from '../lib/api';
import { signInPathFor } from '../lib/safe-next';
import { confirmEmail } from './account-api';

/**
 * Where the mailed confirmation link leads. The link works once, so the page opens it exactly once, by
 * itself (a POST: mail scanners that fetch links do not use it up). A sign-up's link confirms only in a
 * session of its account (issue 23): a visitor is asked to sign in and comes back here, where the same link
 * then confirms; nobody is signed in by the link itself (decision 029).
 */
export default function VerifyEmailPage() {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const me = useMe();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => refreshMe(queryClient),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current || token === '') return;
    started.current = true;
    mutation.mutate(token);
  }, [mutation, token]);

  const status = isApiRequestError(mutation.error) ? mutation.error.status : null;
  // The link waits for a sign-in to its own account (401 signed out, 403 signed in to another one).
  const needsSignIn = status === 401 || status === 403;
  const failure =
    token === '' || (mutation.isError && !needsSignIn)
      ? status === 409 && isApiRequestError(mutation.error)
        ? (mutation.error.fieldErrors?.email ?? mutation.error.message)
        : i18n._(EMAIL_LINK_MESSAGES.invalidLink)
      : null;
  const back = `/verify-email?token=${encodeURIComponent(token)}`;

  return (
    <Page title={i18n._('Confirm your email address')} size="xs">
      {mutation.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{i18n._('Confirming your address…')}</Text>
        </Group>
      ) : null}
      <FormAlert message={failure} />
      {needsSignIn ? (
        <Text mb="md" role="status">
          {i18n._(status === 401 ? EMAIL_LINK_MESSAGES.signInToConfirm : EMAIL_LINK_MESSAGES.otherAccount)}
        </Text>
      ) : null}
      {failure ? <EmailConfirmNotice place="dashboard" /> : null}
      {mutation.data ? (
        <>
          <FormSuccess message={i18n._(mutation.data.purpose === 'change' ? EMAIL_LINK_MESSAGES.changed : EMAIL_LINK_MESSAGES.confirmed)} />
          <Text mb="md" style={{ overflowWrap: 'anywhere' }}>
            <Trans id="Your account’s address is <0>{email}</0>." values={{ email: mutation.data.email }} components={{ 0: <strong /> }} />
          </Text>
        </>
      ) : null}
      {status === 401 ? (
        <Anchor component={Link} to={signInPathFor(back)}>
          {i18n._('Sign in')}
        </Anchor>
      ) : null}
      {mutation.isPending || needsSignIn ? null : (
        <Group gap="lg">
          {me ? (
            <>
              {me.hasProfile ? null : (
                <Anchor component={Link} to="/update-profile">
                  {i18n._('Fill in your profile')}
                </Anchor>
              )}
              <Anchor component={Link} to="/dashboard">
                {i18n._('Go to your dashboard')}
              </Anchor>
              <Anchor component={Link} to="/directory">
                {i18n._('Open the directory')}
              </Anchor>
            </>
          ) : (
            // A new account's first sign-in goes on to the profile form, as a sign-up does (product.md §3.4).
            <Anchor component={Link} to={mutation.data?.purpose === 'verify' ? signInPathFor('/update-profile') : '/signin'}>
              {i18n._('Sign in')}
            </Anchor>
          )}
        </Group>
      )}
    </Page>
  );
}
