import { useLingui } from '@lingui/react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { z } from 'zod';
import { recoveryCodeSchema, totpCodeSchema } from '../../shared/two-factor';

/** The code forms' values: one field, checked as a code from the app or as a recovery code. */
export const TOTP_FORM = z.object({ code: totpCodeSchema });
export const RECOVERY_FORM = z.object({ code: recoveryCodeSchema });

type CodeFieldProps = TextInputProps & { kind: 'totp' | 'recovery' };

/**
 * The one field for a second factor: a code from the app (numeric keyboard on phones, and the code the
 * browser or phone offers from a message or an app), or a recovery code. Value, change and error come
 * from `f.field('code')`.
 */
export const CodeField = forwardRef<HTMLInputElement, CodeFieldProps>(function CodeField({ kind, label, ...props }, ref) {
  const { i18n } = useLingui();
  const isTotp = kind === 'totp';
  return (
    <TextInput
      ref={ref}
      {...props}
      label={label ?? (isTotp ? i18n._('Code from your authenticator app') : i18n._('Recovery code'))}
      description={isTotp ? i18n._('6 digits') : i18n._('Like abcde-12345, from the list you stored')}
      name={isTotp ? 'code' : 'recoveryCode'}
      autoComplete={isTotp ? 'one-time-code' : 'off'}
      inputMode={isTotp ? 'numeric' : 'text'}
      spellCheck={false}
      autoCapitalize="off"
      maxLength={isTotp ? 7 : 11}
      required
      styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', letterSpacing: '0.1em' } }}
    />
  );
});
