import { Alert } from '@mantine/core';

/** A form's failure, announced when it appears (Mantine's Alert has role="alert"). */
export function FormAlert({ message }: { message: string | undefined | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" mb="md">
      {message}
    </Alert>
  );
}

/** A form's success message, announced politely. */
export function FormSuccess({ message }: { message: string | undefined | null }) {
  if (!message) return null;
  return (
    <Alert color="teal" variant="light" role="status" mb="md">
      {message}
    </Alert>
  );
}
