import { useLingui } from '@lingui/react';
import { AccountPage } from './account-form';

/** /profile: product.md §3.8 "Update Profile" — email and optional password; Cancel goes to /. */
export default function ProfilePage() {
  const { i18n } = useLingui();
  return <AccountPage title={i18n._('Update Profile')} backTo="/" />;
}
