// Structured logs: one JSON object per line on stdout (errors on stderr).
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
};

export function createLogger(level: Level | 'silent' = 'info', base: Record<string, unknown> = {}): Logger {
  const min = ORDER[level];
  const write = (lvl: Level, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...base, ...fields }, errorReplacer);
    (lvl === 'error' || lvl === 'warn' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  };
}

/** What went wrong, in one line for a log field or a message to a person: an Error's message, or the value thrown. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message || err.name : String(err);
}

/** The longest error text kept in a row (a mail's or a background job's last error). */
const MAX_STORED_ERROR_LENGTH = 2000;

/** An error's message as a row keeps it: at most MAX_STORED_ERROR_LENGTH characters, marked "…" when cut. */
export function storedErrorMessage(err: unknown): string {
  const text = errorMessage(err);
  return text.length > MAX_STORED_ERROR_LENGTH ? `${text.slice(0, MAX_STORED_ERROR_LENGTH)}…` : text;
}

function errorReplacer(_key: string, value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}
