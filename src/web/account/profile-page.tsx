import { AccountPage } from './account-form';

/** /profile: SPEC §2 "Update Profile" — email and optional password; Cancel goes to /. */
export default function ProfilePage() {
  return <AccountPage title="Update Profile" backTo="/" />;
}
