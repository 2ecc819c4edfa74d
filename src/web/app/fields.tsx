import { useLingui } from '@lingui/react';
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { PASSWORD_MIN } from '../../shared/limits';

/** The email field of every account form: typed as email, labelled, autocompleted; the rest from `f.field('email')`. */
export function EmailField(props: TextInputProps) {
  const { i18n } = useLingui();
  return <TextInput label={i18n._('Email')} type="email" name="email" autoComplete="email" required {...props} />;
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

type PasswordInputFieldProps = Omit<PasswordInputProps, 'label' | 'autoComplete'>;

/**
 * A new password and its confirmation, as sign-up, a reset and the account form ask for them; `password` and
 * `confirmation` are the form's fields: `password={f.field('password')} confirmation={f.field('confirmPassword')}`.
 */
export function NewPasswordFields(props: {
  label: string;
  /** `<label> confirmation` unless given. */
  confirmationLabel?: string;
  /** Under the first field: the rule for a password unless given. */
  description?: string;
  required?: boolean;
  password: PasswordInputFieldProps;
  confirmation: PasswordInputFieldProps;
}) {
  const { i18n } = useLingui();
  const {
    label,
    confirmationLabel = i18n._('{label} confirmation', { label }),
    description = i18n._('At least {min} characters', { min: PASSWORD_MIN }),
    required,
  } = props;
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" description={description} required={required} {...props.password} />
      <PasswordField label={confirmationLabel} autoComplete="new-password" required={required} {...props.confirmation} />
    </>
  );
}
