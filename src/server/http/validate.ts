import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, type ErrorWords } from './errors';
import { WORDINGS } from '../i18n/zod';
import { i18nFor, type Locale } from '../i18n';
import { sayFieldMessage } from '../../shared/text';

/**
 * Turns zod issues into one message per field (the first one), keyed by the dotted path. Our schemas'
 * messages are English ids the answer translates; zod's own come worded in each language (i18n/zod.ts).
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, ErrorWords> {
  const out: Record<string, ErrorWords> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    const wordings = (issue as unknown as Record<string, unknown>)[WORDINGS] as Record<Locale, string> | undefined;
    out[key] ??= wordings && wordings.en === issue.message ? { byLocale: wordings } : wordsOf(issue.message);
  }
  return out;
}

/** A schema's message; one that names its field ("Title is required") is said with the label in each language. */
function wordsOf(message: string): ErrorWords {
  const es = sayFieldMessage(i18nFor('es'), message);
  return es === i18nFor('es')._(message) ? message : { byLocale: { en: message, es } };
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION', undefined, fieldErrorsOf(parsed.error));
  return parsed.data;
}

/** Reads a JSON body (malformed → 400 BAD_JSON, wrong type → 415) and validates it with the entity's schema. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', /*i18n*/ 'Send the body as application/json.');
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('BAD_JSON');
  }
  return parseWith(schema, body);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}
