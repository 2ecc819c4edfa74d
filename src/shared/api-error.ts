// The one shape of every failure the API returns.
export type ApiError = {
  code: string;
  message: string;
  fieldErrors?: Record<string, string>;
  /** SECOND_FACTOR_REQUIRED only: the step this session needs first ('setup' or 'verify'). */
  needs?: string;
};

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).code === 'string' &&
    typeof (value as ApiError).message === 'string'
  );
}
