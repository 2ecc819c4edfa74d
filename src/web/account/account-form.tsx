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

const UPDATED_NOTICE = 'Your account has been updated.';
const emailChangeNotice = (to: string) => `We sent a link to ${to}. Your email address changes when you open it.`;

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
  const navigate = useNavigate();
  const f = useSchemaForm({ schema: updateAccountSchema, initialValues: { email: me.email, password: '', confirmPassword: '' } });

  const mutation = useUpdateAccount({
    onRefreshed: async ({ user, emailChangeRequested, passwordChanged }) => {
      const notices = [
        passwordChanged ? UPDATED_NOTICE : null,
        emailChangeRequested && user.pendingEmail ? emailChangeNotice(user.pendingEmail) : null,
      ];
      await navigate(doneTo, flash(notices.filter(Boolean).join(' ')));
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.code === 'RECENT_LOGIN_REQUIRED') return f.setFormError(MESSAGES.recentLoginRequired);
      if (isRateLimited(error)) return f.setFormError(error.message);
      f.failWith(error, MESSAGES.updateAccountFailed);
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
            <EmailField {...f.field('email')} readOnly description={EMAIL_LINK_MESSAGES.changeNeedsConfirmedAddress} />
          )}
          <NewPasswordFields
            label="New password"
            description={`Leave blank to keep your current password. At least ${PASSWORD_MIN} characters.`}
            password={f.field('password')}
            confirmation={f.field('confirmPassword')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to={cancelTo}>
              Cancel
            </Anchor>
            <Button type="submit" loading={mutation.isPending}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
    </FormCard>
  );
}
