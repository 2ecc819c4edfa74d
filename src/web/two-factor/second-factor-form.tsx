import { useLingui } from '@lingui/react';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../app/form-alert';
import { useSchemaForm } from '../lib/use-schema-form';
import { CodeField, RECOVERY_FORM, TOTP_FORM } from './code-field';
import { isSignInOver, twoFactorErrorMessage, verifyRecoveryCode, verifyTotp } from './two-factor-api';

type SecondFactorFormProps = {
  /** Called once the code passed (the session is then marked, or the sign-in finished). */
  onPassed: () => void | Promise<void>;
  /** For a pending sign-in that ended (too slow, too many tries): back to the password. */
  onSignInOver?: () => void;
  submitLabel?: string;
  /** Puts the cursor in the code field at once (a step that follows a form the person just sent). */
  isFocusedAtStart?: boolean;
};

/**
 * A code from the authenticator app, or ("Use a recovery code instead") one of the recovery codes: for a
 * sign-in's second step, and for a session that must pass the factor before the admin area opens.
 */
export function SecondFactorForm({ onPassed, onSignInOver, submitLabel, isFocusedAtStart = false }: SecondFactorFormProps) {
  const { i18n } = useLingui();
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  const f = useSchemaForm({ schema: kind === 'totp' ? TOTP_FORM : RECOVERY_FORM, initialValues: { code: '' } });
  const field = useRef<HTMLInputElement>(null);
  const hasSwitched = useRef(false);

  useEffect(() => {
    if (isFocusedAtStart || hasSwitched.current) field.current?.focus();
  }, [kind, isFocusedAtStart]);

  const mutation = useMutation({
    mutationFn: (code: string) => (kind === 'totp' ? verifyTotp(code) : verifyRecoveryCode(code)),
    onSuccess: () => onPassed(),
    onError: (error) => {
      if (isSignInOver(error) && onSignInOver) return onSignInOver();
      f.setFormError(twoFactorErrorMessage(error, i18n));
      f.form.setFieldValue('code', '');
      field.current?.focus();
    },
  });

  function switchKind() {
    hasSwitched.current = true;
    setKind((k) => (k === 'totp' ? 'recovery' : 'totp'));
    f.reset();
  }

  return (
    <form {...f.formProps(({ code }) => mutation.mutate(code))}>
      <Stack>
        <FormAlert message={f.formError} />
        <CodeField ref={field} kind={kind} {...f.field('code')} />
        <Group justify="space-between" align="center">
          <Anchor component="button" type="button" size="sm" onClick={switchKind}>
            {kind === 'totp' ? i18n._('Use a recovery code instead') : i18n._('Use a code from the app instead')}
          </Anchor>
          <Button type="submit" loading={mutation.isPending}>
            {submitLabel ?? i18n._('Verify')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
