import { useLingui } from '@lingui/react';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { EMAIL_LINK_MESSAGES, updateAccountSchema, type Me } from '../../shared/account';
import { PASSWORD_MIN } from '../../shared/limits';
import { MESSAGES } from '../../shared/messages';
import { flash } from '../app/flash-notice';
import { FormAlert } from '../app/form-alert';
import { EmailField, NewPasswordFields } from '../app/fields';
import { FormCard } from '../app/form-card';
import { Page } from '../app/page';
import { useMe } from '../lib/me-query';
import { isApiRequestError, isRateLimited } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { useUpdateAccount } from './account-api';
import { SignOutEverywhere } from './sign-out-everywhere';

type AccountFormProps = {
  me: Me;
  /** Where the member lands after saving (product.md §3.8: / for /profile, /dashboard for /update-password). */
  doneTo: string;
  cancelTo: string;
};

/** /profile and /update-password: the account form for the signed-in member, from and back to `backTo`. */
export function AccountPage({ title, backTo }: { title: string; backTo: string }) {
  const me = useMe();
  return (
    <Page title={title} size="xs">
      {me ? <AccountForm me={me} doneTo={backTo} cancelTo={backTo} /> : null}
      {me ? <SignOutEverywhere /> : null}
    </Page>
  );
}

/** Email and an optional new password: the one form behind /profile and /update-password. */
export function AccountForm({ me, doneTo, cancelTo }: AccountFormProps) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const f = useSchemaForm({ schema: updateAccountSchema, initialValues: { email: me.email, password: '', confirmPassword: '' } });

  const mutation = useUpdateAccount({
    onRefreshed: async ({ user, emailChangeRequested, passwordChanged }) => {
      const notices = [
        passwordChanged ? i18n._('Your account has been updated.') : null,
        emailChangeRequested && user.pendingEmail
          ? i18n._('We sent a link to {email}. Your email address changes when you open it.', { email: user.pendingEmail })
          : null,
      ];
      await navigate(doneTo, flash(notices.filter(Boolean).join(' ')));
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.code === 'RECENT_LOGIN_REQUIRED') return f.setFormError(i18n._(MESSAGES.recentLoginRequired));
      if (isRateLimited(error)) return f.setFormError(error.message);
      f.failWith(error, i18n._(MESSAGES.updateAccountFailed));
    },
  });

  const formProps = f.formProps((data) => {
    // Nothing to change: no need to ask the server (which would also demand a recent sign-in).
    if (data.email === me.email.toLowerCase() && data.password === '') return void navigate(doneTo);
    mutation.mutate(data);
  });

  return (
    <FormCard>
      <FormAlert message={f.formError} />
      <form {...formProps}>
        <Stack>
          {/* Only a confirmed address may be changed (issue 23): the field says why it is fixed until then. */}
          {me.emailVerified ? (
            <EmailField {...f.field('email')} />
          ) : (
            <EmailField {...f.field('email')} readOnly description={i18n._(EMAIL_LINK_MESSAGES.changeNeedsConfirmedAddress)} />
          )}
          <NewPasswordFields
            label={i18n._('New password')}
            confirmationLabel={i18n._('New password confirmation')}
            description={i18n._('Leave blank to keep your current password. At least {min} characters.', { min: PASSWORD_MIN })}
            password={f.field('password')}
            confirmation={f.field('confirmPassword')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to={cancelTo}>
              {i18n._('Cancel')}
            </Anchor>
            <Button type="submit" loading={mutation.isPending}>
              {i18n._('Update')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormCard>
  );
}
