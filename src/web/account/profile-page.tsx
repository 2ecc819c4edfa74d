import { AccountPage } from './account-form';

/** /profile: product.md §3.8 "Update Profile" — email and optional password; Cancel goes to /. */
export default function ProfilePage() {
  return <AccountPage title="Update Profile" backTo="/" />;
}
