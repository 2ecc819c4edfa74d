import { useLingui } from '@lingui/react';
import { Stack, Text, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { PasswordField } from '../app/fields';
import { FormActions } from '../app/form-actions';
import { FormAlert } from '../app/form-alert';
import { useSchemaForm } from '../lib/use-schema-form';

/** Better Auth checks the password itself; the form only makes sure there is one. */
const PASSWORD_CONFIRM = z.object({ password: z.string().min(1, /*i18n*/ 'Enter your password') });

type PasswordConfirmFormProps = {
  /** What happens once the password is confirmed, in a sentence or two. */
  intro: ReactNode;
  submitLabel: string;
  submitColor?: ButtonProps['color'];
  isPending: boolean;
  /** The server's refusal, shown above the field; cleared by `onAttempt` at each new submit. */
  formError: string | undefined;
  onAttempt: () => void;
  onSubmit: (password: string) => void;
  onCancel?: (() => void) | undefined;
  gap?: 'sm' | 'md';
};

/** Every two-factor change that asks for the password first (set-up, turning it off, new recovery codes). */
export function PasswordConfirmForm({
  intro,
  submitLabel,
  submitColor,
  isPending,
  formError,
  onAttempt,
  onSubmit,
  onCancel,
  gap = 'md',
}: PasswordConfirmFormProps) {
  const { i18n } = useLingui();
  const f = useSchemaForm({ schema: PASSWORD_CONFIRM, initialValues: { password: '' }, onSubmitStart: onAttempt });

  return (
    <form {...f.formProps(({ password }) => onSubmit(password))}>
      <Stack gap={gap}>
        <Text>{intro}</Text>
        <FormAlert message={formError} />
        <PasswordField label={i18n._('Your password')} autoComplete="current-password" required {...f.field('password')} />
        <FormActions submitLabel={submitLabel} submitColor={submitColor} isPending={isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
