import { z } from 'zod';

// Every text a person or a program sends (fields, query parameters, list positions) goes through these
// schemas, so one rule holds everywhere: control characters are refused (tab and line breaks only where
// a field has several lines). PostgreSQL cannot store NUL in text; the others never belong in what people
// write and are a favourite of injection and log-forging attempts. Refused, not stripped: what is stored
// is what was sent.

/* eslint-disable no-control-regex -- finding control characters is the point of these three */
/** Control characters other than tab and line breaks. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Every control character: for one-line values that are not tidied (query parameters, keys). */
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;

// A field's messages name the field ("Title is required"): made once per schema in English, the text zod
// gives, and remembered with the message they come from, so that each side says them in the reader's
// language with the field's label in it too (sayFieldMessage). Callers mark their labels /*i18n*/.
type FieldMessage = { id: string; values: { label: string; max?: number } };
const FIELD_MESSAGES = new Map<string, FieldMessage>();

function fieldMessage(id: string, values: FieldMessage['values']): string {
  const english = id.replace(/\{(\w+)\}/g, (_, key: 'label' | 'max') => String(values[key]));
  FIELD_MESSAGES.set(english, { id, values });
  return english;
}

/** What a translator needs of Lingui's I18n (kept structural: the landing page's bundle must not pull it in). */
type Translator = { _(id: string, values?: Record<string, unknown>): string };

/**
 * A validation message in a language: a field's message with its label translated too, any other message
 * looked up as it is (an English catalog id). The browser shows field errors through it, the server answers them.
 */
export function sayFieldMessage(i18n: Translator, message: string): string {
  const found = FIELD_MESSAGES.get(message);
  if (!found) return i18n._(message);
  return i18n._(found.id, { ...found.values, label: i18n._(found.values.label) });
}

export const notAllowedMessage = (label: string) => fieldMessage(/*i18n*/ '{label} contains characters that are not allowed', { label });
const requiredMessage = (label: string) => fieldMessage(/*i18n*/ '{label} is required', { label });
const tooLongMessage = (label: string, max: number) => fieldMessage(/*i18n*/ '{label} must be at most {max} characters', { label, max });

const requiredOrText = (label: string) => {
  const required = requiredMessage(label);
  const notText = fieldMessage(/*i18n*/ '{label} must be text', { label });
  return (issue: { input?: unknown }) => (issue.input == null ? required : notText);
};

/** A string without control characters (tab and line breaks allowed when `multiLine`). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function plainString(label: string, opts: { multiLine?: boolean } = {}) {
  const pattern = opts.multiLine ? CONTROL : ANY_CONTROL;
  // Half a surrogate pair is no character at all, and PostgreSQL's jsonb refuses it (the fuzz suite found it).
  return z
    .string({ error: requiredOrText(label) })
    .refine((s) => !pattern.test(s), notAllowedMessage(label))
    .refine((s) => !LONE_SURROGATE.test(s), notAllowedMessage(label));
}

/** One line: any run of whitespace becomes one space. */
export function lineOf(label: string, max: number) {
  return plainString(label, { multiLine: true })
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, requiredMessage(label)).max(max, tooLongMessage(label, max)));
}

/** Several lines: line breaks are kept (shown as written), surrounding blank space is not. */
export function textOf(label: string, max: number) {
  return plainString(label, { multiLine: true })
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, requiredMessage(label)).max(max, tooLongMessage(label, max)));
}

/** One line that may be left blank: blank (or missing) becomes null. */
export function optionalLineOf(label: string, max: number) {
  return plainString(label, { multiLine: true })
    .nullish()
    .transform((s) => (s ?? '').replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(max, tooLongMessage(label, max)))
    .transform((s) => (s === '' ? null : s));
}

/** Several lines that may be left blank: blank (or missing) becomes null. */
export function optionalTextOf(label: string, max: number) {
  return plainString(label, { multiLine: true })
    .nullish()
    .transform((s) => (s ?? '').replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(max, tooLongMessage(label, max)))
    .transform((s) => (s === '' ? null : s));
}

/**
 * A query parameter of free text (search words, a category or form name): optional, at most `max`
 * characters, no control characters; blank is unset.
 */
export function queryTextOf(label: string, max: number, tooLong = tooLongMessage(label, max)) {
  return plainString(label)
    .max(max, tooLong)
    .optional()
    .transform((s) => s?.replace(/\s+/g, ' ').trim() || undefined);
}

const UNSTORABLE = /\u0000/;
/* eslint-enable no-control-regex */

/**
 * Whether a string, or any key or string inside a JSON value, holds what PostgreSQL's text cannot store
 * (NUL, half a surrogate pair). For bodies that reach code whose own checks we do not control (Better Auth).
 */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value) || LONE_SURROGATE.test(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => holdsUnstorableText(key, depth + 1) || holdsUnstorableText(inner, depth + 1));
}

/** The largest value of a PostgreSQL `integer` (ids, counts): anything above is refused, not stored. */
export const PG_INT_MAX = 2_147_483_647;
