import { useLingui } from '@lingui/react';
import { AccountPage } from './account-form';

/** /update-password: same form as /profile, from and back to the dashboard. */
export default function UpdatePasswordPage() {
  const { i18n } = useLingui();
  return <AccountPage title={i18n._('Update Email or Password')} backTo="/dashboard" />;
}
