import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { recoveryCodeSchema, totpCodeSchema } from '../../shared/two-factor';
import { FormAlert } from '../app/form-alert';
import { CodeField } from './code-field';
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
export function SecondFactorForm({ onPassed, onSignInOver, submitLabel = 'Verify', isFocusedAtStart = false }: SecondFactorFormProps) {
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
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
      setFormError(twoFactorErrorMessage(error));
      setValue('');
      field.current?.focus();
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = (kind === 'totp' ? totpCodeSchema : recoveryCodeSchema).safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    setFieldError(undefined);
    mutation.mutate(parsed.data);
  }

  function switchKind() {
    hasSwitched.current = true;
    setKind((k) => (k === 'totp' ? 'recovery' : 'totp'));
    setValue('');
    setFieldError(undefined);
    setFormError(undefined);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormAlert message={formError} />
        <CodeField ref={field} kind={kind} value={value} onValueChange={setValue} error={fieldError} />
        <Group justify="space-between" align="center">
          <Anchor component="button" type="button" size="sm" onClick={switchKind}>
            {kind === 'totp' ? 'Use a recovery code instead' : 'Use a code from the app instead'}
          </Anchor>
          <Button type="submit" loading={mutation.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
