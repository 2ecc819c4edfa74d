import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { updateAccountSchema, type Me } from '../../shared/account';
import { PASSWORD_MIN } from '../../shared/limits';
import { MESSAGES } from '../../shared/messages';
import { flash } from '../app/flash-notice';
import { FormAlert } from '../app/form-alert';
import { EmailField, PasswordField } from '../app/fields';
import { FormCard } from '../app/form-card';
import { ME_QUERY_KEY, type MeResponse } from '../auth/me-query';
import { isApiRequestError, isRateLimited } from '../lib/api';
import { checkFields, type FieldErrors } from '../lib/field-errors';
import { updateAccount } from './account-api';

const UPDATED_NOTICE = 'Your account has been updated.';
const emailChangeNotice = (to: string) =>
  `We sent a link to ${to}. Your email address changes when you open it.`;

type AccountFormProps = {
  me: Me;
  /** Where the member lands after saving (SPEC §2: / for /profile, /dashboard for /update-password). */
  doneTo: string;
  cancelTo: string;
};

/** Email and an optional new password: the one form behind /profile and /update-password. */
export function AccountForm({ me, doneTo, cancelTo }: AccountFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(me.email);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  const mutation = useMutation({
    mutationFn: updateAccount,
    onSuccess: async ({ user, emailChangeRequested, passwordChanged }) => {
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, { user });
      const notices = [
        passwordChanged ? UPDATED_NOTICE : null,
        emailChangeRequested && user.pendingEmail ? emailChangeNotice(user.pendingEmail) : null,
      ];
      await navigate(doneTo, flash(notices.filter(Boolean).join(' ')));
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.code === 'RECENT_LOGIN_REQUIRED') {
        setFormError(MESSAGES.recentLoginRequired);
        return;
      }
      if (isRateLimited(error)) {
        setFormError(error.message);
        return;
      }
      if (isApiRequestError(error)) {
        if (error.fieldErrors) setFieldErrors(error.fieldErrors);
        else if (error.code === 'CONFLICT') setFieldErrors({ email: error.message });
      }
      setFormError(MESSAGES.updateAccountFailed);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const data = checkFields(updateAccountSchema, { email, password, confirmPassword }, setFieldErrors);
    if (!data) return;
    // Nothing to change: no need to ask the server (which would also demand a recent sign-in).
    if (data.email === me.email.toLowerCase() && data.password === '') {
      void navigate(doneTo);
      return;
    }
    mutation.mutate(data);
  }

  return (
    <FormCard>
      <FormAlert message={formError} />
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <EmailField value={email} onValueChange={setEmail} error={fieldErrors.email} />
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            description={`Leave blank to keep your current password. At least ${PASSWORD_MIN} characters.`}
            value={password}
            onValueChange={setPassword}
            error={fieldErrors.password}
          />
          <PasswordField
            label="New password confirmation"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onValueChange={setConfirmPassword}
            error={fieldErrors.confirmPassword}
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
