import { type ApiError, isApiError } from '../../shared/api-error';

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

async function post<T>(path: string, body: unknown): Promise<T> {
  const init: RequestInit = {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  };
  return (await answerOf(fetch(path, init))) as T;
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
    throw new ApiRequestError(0, { code: 'NETWORK', message: 'The server could not be reached.' });
  }

  const payload: unknown = await readJson(response);
  if (!response.ok) {
    // Better Auth sometimes answers with a message but no code; keep whatever it gave us.
    const message =
      typeof (payload as { message?: unknown } | null)?.message === 'string'
        ? (payload as { message: string }).message
        : response.statusText || `Request failed (${response.status})`;
    throw new ApiRequestError(
      response.status,
      isApiError(payload) ? payload : { code: `HTTP_${response.status}`, message },
    );
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

/**
 * Better Auth's routes (/api/auth/…): served by Better Auth, so not in the typed client (api-client.ts),
 * which every other call of the API goes through.
 */
export const api = {
  post: <T>(path: string, body: unknown = {}) => post<T>(path, body),
};
