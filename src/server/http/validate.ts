import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './errors';

/** Turns zod issues into one message per field (the first one), keyed by the dotted path. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION', undefined, fieldErrorsOf(parsed.error));
  return parsed.data;
}

/** Reads a JSON body (malformed → 400 BAD_JSON, wrong type → 415) and validates it with the entity's schema. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
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
