import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** The first message per field of a failed zod parse, keyed like the server's `fieldErrors`. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
