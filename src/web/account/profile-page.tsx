import { Page } from '../app/page';
import { useMe } from '../lib/me-query';
import { AccountForm } from './account-form';

/** /profile: SPEC §2 "Update Profile" — email and optional password; Cancel goes to /. */
export default function ProfilePage() {
  const me = useMe();
  return (
    <Page title="Update Profile" size="xs">
      {me ? <AccountForm me={me} doneTo="/" cancelTo="/" /> : null}
    </Page>
  );
}
