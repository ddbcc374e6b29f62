import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { logger } from '../logger';

/** An incoming X-Request-Id is kept when it looks like an id (a proxy's, for tracing across both logs); else ours. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Where a handler notes who the caller turned out to be, for the request's log line (REST and tRPC alike). */
export const noteUserId = (res: ServerResponse, userId: number) => {
  (res as ServerResponse & { locals?: Record<string, unknown> }).locals ??= {};
  (res as ServerResponse & { locals: Record<string, unknown> }).locals.userId = userId;
};

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0];

/**
 * One log line per request: its id (echoed in the X-Request-Id answer header), method, path without the query (a
 * signed link's query is a credential), status, time and the user's id once known. No headers and no bodies: never
 * a token, a password, a cookie or an image.
 */
export function requestLog(): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    quietReqLogger: true,
    serializers: {
      req: (req: { method: string; url: string; raw?: IncomingMessage }) => ({
        method: req.method,
        path: pathOf((req.raw as { originalUrl?: string } | undefined)?.originalUrl ?? req.url),
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    customProps: (_req, res) => {
      const userId = (res as ServerResponse & { locals?: { userId?: number } }).locals?.userId;
      return userId === undefined ? {} : { user_id: userId };
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
  }) as unknown as RequestHandler;
}
