import type { Logger } from '../logger';

/** A logger that keeps what it is told, for tests that check what a job logged. */
export function recordingLogger() {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    debug: (msg, fields) => lines.push({ level: 'debug', msg, fields }),
    info: (msg, fields) => lines.push({ level: 'info', msg, fields }),
    warn: (msg, fields) => lines.push({ level: 'warn', msg, fields }),
    error: (msg, fields) => lines.push({ level: 'error', msg, fields }),
    child: () => logger,
  };
  return { logger, lines };
}
