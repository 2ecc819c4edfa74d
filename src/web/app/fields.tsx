import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';

/** The email field of every account form: typed as email, labelled, autocompleted; the rest from `f.field('email')`. */
export function EmailField(props: TextInputProps) {
  return <TextInput label="Email" type="email" name="email" autoComplete="email" required {...props} />;
}

type PasswordFieldProps = PasswordInputProps & {
  label: string;
  autoComplete: 'current-password' | 'new-password';
};

/**
 * A password field. Mantine's PasswordInput (9.7) ties its description and error to the input but, unlike
 * its other inputs, does not mark the input invalid: this does.
 */
export function PasswordField(props: PasswordFieldProps) {
  return <PasswordInput {...props} aria-invalid={props.error ? true : undefined} />;
}
