import { Alert, Text } from '@mantine/core';

/**
 * A form's failure, announced when it appears (Mantine's Alert has role="alert"); `detail` is a second
 * sentence below it (for example why a sign-in was refused and whom to ask).
 */
export function FormAlert({ message, detail }: { message: string | undefined | null; detail?: string | undefined | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" mb="md">
      {message}
      {detail ? (
        <Text size="sm" mt={4} c="inherit">
          {detail}
        </Text>
      ) : null}
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
