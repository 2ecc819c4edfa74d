import { Button, Group, Stack, Text, type ButtonProps } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PasswordField } from '../app/fields';
import { FormAlert } from '../app/form-alert';

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
export function PasswordConfirmForm({ intro, submitLabel, submitColor, isPending, formError, onAttempt, onSubmit, onCancel, gap = 'md' }: PasswordConfirmFormProps) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onAttempt();
    if (!password) return setFieldError('Enter your password');
    setFieldError(undefined);
    onSubmit(password);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={gap}>
        <Text>{intro}</Text>
        <FormAlert message={formError} />
        <PasswordField
          label="Your password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
          error={fieldError}
        />
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" color={submitColor} loading={isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
