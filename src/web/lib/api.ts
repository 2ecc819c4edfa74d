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

type RequestOptions = { signal?: AbortSignal | undefined };

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin', signal: options.signal ?? null };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, init);
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
  return payload as T;
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

export const api = {
  get: <T>(path: string, options: RequestOptions = {}) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown = {}, options: RequestOptions = {}) => request<T>('POST', path, body, options),
  put: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options: RequestOptions = {}) => request<T>('DELETE', path, undefined, options),
};
