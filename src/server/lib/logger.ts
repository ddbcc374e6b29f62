import { isSea } from 'node:sea';
import pino from 'pino';
import { z } from 'zod';

const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * The server's one logger: JSON lines written synchronously to stdout (pino.destination(1); no transport, whose worker
 * threads load files that do not survive bundling into the single executable). Level from LOG_LEVEL (default info).
 * Request logs carry no header, body or query string (lib/http/request-log.ts); `redact` is the guard should one slip in.
 */
const options = (): pino.LoggerOptions => ({
  level: ZLogLevel.catch('info').parse(process.env.LOG_LEVEL),
  redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'password', 'token'], censor: '[redacted]' },
});

export let logger: pino.Logger = pino(options(), pino.destination({ dest: 1, sync: true }));

/**
 * For a person at a terminal in development: the same logger through pino-pretty as a stream, imported only then (a
 * development dependency, never in the single executable). Call before anything takes a child of `logger`.
 */
export async function prettyLogsAtTerminal() {
  if (process.env.NODE_ENV === 'production' || !process.stdout.isTTY || isSea()) return;
  const { default: pretty } = await import('pino-pretty');
  logger = pino(options(), pretty({ destination: 1, sync: true }));
}
