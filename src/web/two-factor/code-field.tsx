import { TextInput } from '@mantine/core';
import { forwardRef } from 'react';

type CodeFieldProps = {
  kind: 'totp' | 'recovery';
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
};

/**
 * The one field for a second factor: a code from the app (numeric keyboard on phones, and the code the
 * browser or phone offers from a message or an app), or a recovery code.
 */
export const CodeField = forwardRef<HTMLInputElement, CodeFieldProps>(function CodeField(
  { kind, value, onValueChange, error, label },
  ref,
) {
  const isTotp = kind === 'totp';
  return (
    <TextInput
      ref={ref}
      label={label ?? (isTotp ? 'Code from your authenticator app' : 'Recovery code')}
      description={isTotp ? '6 digits' : 'Like abcde-12345, from the list you stored'}
      name={isTotp ? 'code' : 'recoveryCode'}
      autoComplete={isTotp ? 'one-time-code' : 'off'}
      inputMode={isTotp ? 'numeric' : 'text'}
      spellCheck={false}
      autoCapitalize="off"
      maxLength={isTotp ? 7 : 11}
      required
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      error={error}
      styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', letterSpacing: '0.1em' } }}
    />
  );
});
