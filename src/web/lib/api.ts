import type { z } from 'zod';
import { type ApiError, isApiError } from '../../shared/api-error';
import type * as authContracts from '../../shared/contracts/auth';
import { i18n } from '../i18n/i18n';

/** A failed API call: carries the server's `{code, message, fieldErrors}` and the HTTP status (0 = no answer). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string> | undefined;
  /** SECOND_FACTOR_REQUIRED: the step the session needs first. */
  readonly needs: string | undefined;

  constructor(status: number, error: ApiError) {
    super(error.message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = error.code;
    this.fieldErrors = error.fieldErrors;
    this.needs = error.needs;
  }
}

export function isApiRequestError(value: unknown): value is ApiRequestError {
  return value instanceof ApiRequestError;
}

/** Rate-limited answers carry a message written for people; forms show it instead of their generic failure. */
export function isRateLimited(error: unknown): error is ApiRequestError {
  return isApiRequestError(error) && error.status === 429;
}

async function post(path: string, body: unknown): Promise<unknown> {
  const init: RequestInit = {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  };
  return answerOf(fetch(path, init));
}

/**
 * The JSON of a successful answer; a failed one (or none) as an ApiRequestError carrying the server's
 * `{code, message, fieldErrors}`. Shared by this module and the typed client (api-client.ts).
 */
export async function answerOf(sent: Promise<Response>): Promise<unknown> {
  let response: Response;
  try {
    response = await sent;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, { code: 'NETWORK', message: i18n._('The server could not be reached.') });
  }

  const payload: unknown = await readJson(response);
  if (!response.ok) {
    // Better Auth sometimes answers with a message but no code; keep whatever it gave us.
    const message =
      typeof (payload as { message?: unknown } | null)?.message === 'string'
        ? (payload as { message: string }).message
        : response.statusText || i18n._('Request failed ({status})', { status: response.status });
    throw new ApiRequestError(response.status, isApiError(payload) ? payload : { code: `HTTP_${response.status}`, message });
  }
  return payload;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

// Better Auth's routes (/api/auth/…) are served by Better Auth, not by the routes the typed client
// (api-client.ts) knows. Their description in the API's document (shared/contracts/auth.ts) types these
// calls instead, by path: the body each route reads and the answer it gives. Only types are imported.
type AuthContracts = typeof authContracts;
type PostRoute = { method: 'post'; path: string };
type AuthPostRoutes = {
  [K in keyof AuthContracts as AuthContracts[K] extends PostRoute ? `/api${AuthContracts[K]['path']}` : never]: AuthContracts[K];
};
type Json<S> = { content: { 'application/json': { schema: S } } };
type BodyOf<R> = R extends { request: { body: Json<infer S extends z.ZodType> } } ? z.input<S> : Record<string, never>;
type AnswerOf<R> = R extends { responses: { 200: Json<infer S extends z.ZodType> } } ? z.output<S> : unknown;

/** POSTs to one of Better Auth's open routes, with the body its description says and typed by its answer. */
export function authPost<P extends keyof AuthPostRoutes>(path: P, body: BodyOf<AuthPostRoutes[P]>): Promise<AnswerOf<AuthPostRoutes[P]>> {
  return post(path, body) as Promise<AnswerOf<AuthPostRoutes[P]>>;
}
