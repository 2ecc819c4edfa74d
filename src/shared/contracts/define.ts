import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';

// One contract per endpoint (issue 13, decision 017): method, path, what it reads and what it answers, in
// zod. The server registers its handlers from these (input checked before the handler runs) and the
// OpenAPI document at /api/openapi.json is made from them; the browser's client is typed from the same
// routes. Paths are OpenAPI's ({id}), relative to /api. Only types come from @hono/zod-openapi, so the
// browser's bundle carries none of it.

/**
 * Who may call: anyone; a signed-in member; an admin whose session passed the second factor. The server
 * checks it before reading the input, so a visitor gets 401 whatever they sent.
 */
export type Access = 'anyone' | 'member' | 'admin';

export type Contract = RouteConfig & { access: Access; summary: string; tags: [string] };

export const contract = <const C extends Contract>(c: C): C => c;

/** The one shape of every failure (src/shared/api-error.ts). */
export const apiErrorSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
    needs: z.string().optional(),
  })
  .meta({ id: 'ApiError' });

export const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A JSON body the endpoint needs (anything else is 415, malformed JSON 400). */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { 'application/json': { schema } },
});

const ERROR_DESCRIPTIONS = {
  400: 'The input is not valid: `fieldErrors` says which field and why.',
  401: 'Not signed in.',
  403: 'Signed in, but not allowed (or SECOND_FACTOR_REQUIRED, with `needs`).',
  404: 'No such thing.',
  409: 'In conflict with the current state.',
  413: 'The body is too large.',
  415: 'The body is not of the type the endpoint reads.',
  429: 'Too many requests: `Retry-After` says when to try again.',
} as const;

/** The failures an endpoint can answer, each with the ApiError shape. */
export function errors<const S extends keyof typeof ERROR_DESCRIPTIONS>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, json(apiErrorSchema, ERROR_DESCRIPTIONS[s])])) as {
    [K in S]: ReturnType<typeof json<typeof apiErrorSchema>>;
  };
}

export const okSchema = z.object({ ok: z.literal(true) });
