import { AccountPage } from './account-form';

/** /update-password: same form as /profile, from and back to the dashboard. */
export default function UpdatePasswordPage() {
  return <AccountPage title="Update Email or Password" backTo="/dashboard" />;
}
