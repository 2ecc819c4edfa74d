// Telling "the database cannot serve right now" from "this query is wrong" (issue 15): the first is answered
// 503 with Retry-After (the request may be sent again in a moment), the second stays a 500, our bug.

/** Errors of the network under the connection: refused, reset, timed out, no route, no such host. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: 08 (connection exception), 53 (insufficient resources: too many
 * connections, out of memory, disk full), 57P01–57P03 (shut down by an administrator, crashed, cannot connect
 * now: starting up or shutting down), 57014 (statement cancelled: our statement timeout on a busy server).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[123]|57014)$/;

/** What node-postgres says when the connection is lost or never made, or our pool timeouts fire. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable|Client was closed|Cannot use a pool after calling end/i;

/**
 * Whether `err` (or an error it wraps, as Drizzle wraps the driver's in `cause`) says the database is out of
 * reach, stopped, starting, overloaded or too slow, rather than that a query is wrong.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 6) return false;
  const { code } = err as { code?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (DRIVER_MESSAGES.test(err.message)) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(err.cause, depth + 1);
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
