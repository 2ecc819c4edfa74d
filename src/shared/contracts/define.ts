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
  410: 'What the request names existed once and is gone for good.',
  413: 'The body is too large.',
  415: 'The body is not of the type the endpoint reads.',
  429: 'Too many requests: `Retry-After` says when to try again.',
  503: 'Not available right now (the database is out of reach, or the instance is full): `Retry-After` says when to try again.',
} as const;

/** The failures an endpoint can answer, each with the ApiError shape. */
export function errors<const S extends keyof typeof ERROR_DESCRIPTIONS>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, json(apiErrorSchema, ERROR_DESCRIPTIONS[s])])) as {
    [K in S]: ReturnType<typeof json<typeof apiErrorSchema>>;
  };
}

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/**
 * The failures that every endpoint may answer (503 while the database is away) and those that who may call and
 * what the endpoint reads bring with them: the access check answers 401
 * to a visitor, 403 SECOND_FACTOR_REQUIRED to a session that still owes its code (decision 028), and 403 to a
 * member, for an admin's endpoint; a checked query or body answers 400, a body
 * of another type 415; a path parameter that names nothing 404.
 */
type ImpliedErrors<C extends Contract> =
  | 503
  | (C['access'] extends 'anyone' ? never : 401)
  | (C['access'] extends 'anyone' ? never : 403)
  | (C extends { request: { query: object } } | { request: { body: object } } ? 400 : never)
  | (C extends { request: { body: object } } ? 415 : never)
  | (C extends { request: { params: object } } ? 404 : never);

function impliedErrors({ access, request = {} }: Contract): ErrorStatus[] {
  // Any endpoint may find the database away (issue 15): 503, to be tried again.
  const statuses: ErrorStatus[] = [503];
  if (access !== 'anyone') statuses.push(401, 403);
  if (request.query || request.body) statuses.push(400);
  if (request.body) statuses.push(415);
  if (request.params) statuses.push(404);
  return statuses;
}

/**
 * An endpoint's contract. Its answers need list only what is its own (the successes, and failures such as
 * 403 for a rule of the feature, 409 or 429): the failures its access and its input imply are added here.
 */
export const contract = <const C extends Contract>(c: C) =>
  ({ ...c, responses: { ...errors(...impliedErrors(c)), ...c.responses } }) as C & {
    responses: ReturnType<typeof errors<ImpliedErrors<C>>>;
  };

export const okSchema = z.object({ ok: z.literal(true) });
