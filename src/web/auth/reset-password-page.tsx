import { Trans, useLingui } from '@lingui/react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '../../shared/account';
import { MESSAGES } from '../../shared/messages';
import { FormAlert } from '../app/form-alert';
import { NewPasswordFields } from '../app/fields';
import { FormCard } from '../app/form-card';
import { flash } from '../app/flash-notice';
import { Page } from '../app/page';
import { isRateLimited } from '../lib/api';
import { useSchemaForm } from '../lib/use-schema-form';
import { resetPassword } from './auth-api';

const PASSWORD_RESET_NOTICE = /*i18n*/ 'Your password has been changed. Sign in with your new password.';

export default function ResetPasswordPage() {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token') ?? '';
  // Better Auth sends expired or unknown links here with ?error=INVALID_TOKEN and no token.
  const isLinkBroken = token === '' || searchParams.has('error');
  const f = useSchemaForm({
    schema: resetPasswordSchema,
    initialValues: { token, password: '', confirmPassword: '' },
    // Better Auth names the field newPassword.
    fieldAliases: { newPassword: 'password' },
  });

  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => navigate('/signin', { replace: true, ...flash(i18n._(PASSWORD_RESET_NOTICE)) }),
    onError: (error) => f.failWith(error, isRateLimited(error) ? error.message : i18n._(MESSAGES.resetFailed)),
  });

  if (isLinkBroken) {
    return (
      <Page title={i18n._('Reset Password')} size="xs">
        <FormAlert message={i18n._(MESSAGES.resetFailed)} />
        <Text>
          <Trans
            id="This reset link is not valid any more. Links work once and expire after a while. <0>Ask for a new link</0>."
            components={{ 0: <Anchor component={Link} to="/forgot-password" /> }}
          />
        </Text>
      </Page>
    );
  }

  return (
    <Page title={i18n._('Reset Password')} size="xs">
      <FormCard>
        <FormAlert message={f.formError} />
        {f.formError === i18n._(MESSAGES.resetFailed) ? (
          <Text size="sm" mb="md">
            <Trans
              id="If the link has expired or was already used, <0>ask for a new one</0>."
              components={{ 0: <Anchor component={Link} to="/forgot-password" /> }}
            />
          </Text>
        ) : null}
        <form {...f.formProps((data) => mutation.mutate({ token: data.token, newPassword: data.password }))}>
          <Stack>
            <NewPasswordFields
              label={i18n._('New password')}
              confirmationLabel={i18n._('New password confirmation')}
              required
              password={f.field('password')}
              confirmation={f.field('confirmPassword')}
            />
            <Button type="submit" loading={mutation.isPending} fullWidth>
              {i18n._('Save new password')}
            </Button>
          </Stack>
        </form>
      </FormCard>
    </Page>
  );
}
