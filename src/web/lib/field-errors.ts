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

/**
 * A form's check before it sends: shows each field's first error (or clears them all when the values
 * pass) through `show`, and answers the parsed values, or null when something needs attention.
 */
export function checkFields<S extends z.ZodType>(schema: S, values: unknown, show: (errors: FieldErrors) => void): z.output<S> | null {
  const parsed = schema.safeParse(values);
  show(parsed.success ? {} : fieldErrorsOf(parsed.error));
  return parsed.success ? parsed.data : null;
}
