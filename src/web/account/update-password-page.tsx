import { Page } from '../app/page';
import { useMe } from '../lib/me-query';
import { AccountForm } from './account-form';

/** /update-password: same form as /profile, from and back to the dashboard. */
export default function UpdatePasswordPage() {
  const me = useMe();
  return (
    <Page title="Update Email or Password" size="xs">
      {me ? <AccountForm me={me} doneTo="/dashboard" cancelTo="/dashboard" /> : null}
    </Page>
  );
}
