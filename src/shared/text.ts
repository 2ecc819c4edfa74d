import { z } from 'zod';

// What people write (posts, messages, names on a form): schemas that tidy text the same way everywhere.

// Control characters other than tab and line breaks never belong in what people write (and PostgreSQL
// refuses NUL in text).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

const requiredOrText = (label: string) => (issue: { input?: unknown }) =>
  issue.input == null ? `${label} is required` : `${label} must be text`;

/** One line: any run of whitespace becomes one space. */
export function lineOf(label: string, max: number) {
  return z
    .string({ error: requiredOrText(label) })
    .transform((s) => s.replace(CONTROL, '').replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`));
}

/** Several lines: line breaks are kept (shown as written), surrounding blank space is not. */
export function textOf(label: string, max: number) {
  return z
    .string({ error: requiredOrText(label) })
    .transform((s) => s.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim())
    .pipe(z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`));
}

/** One line that may be left blank: blank (or missing) becomes null. */
export function optionalLineOf(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .nullish()
    .transform((s) => (s ?? '').replace(CONTROL, '').replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .transform((s) => (s === '' ? null : s));
}
