import { PasswordInput, TextInput } from '@mantine/core';

type FieldProps = {
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
};

/** The email field of every account form: typed as email, labelled, autocompleted. */
export function EmailField({ value, onValueChange, error }: FieldProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      error={error}
    />
  );
}

type PasswordFieldProps = FieldProps & {
  label: string;
  name: 'password' | 'confirmPassword';
  autoComplete: 'current-password' | 'new-password';
  description?: string;
  required?: boolean;
};

export function PasswordField({ value, onValueChange, error, ...props }: PasswordFieldProps) {
  return (
    <PasswordInput {...props} value={value} onChange={(event) => onValueChange(event.currentTarget.value)} error={error} />
  );
}
