import { createExpressMiddleware } from '@trpc/server/adapters/express';
import compression from 'compression';
import express, { type ErrorRequestHandler } from 'express';
import helmet from 'helmet';
import { HUMAN_ASSETS_PATH, TRPC_MAX_BATCH } from '../shared/constants';
import { MSG } from '../shared/messages';
import { createContextFactory } from './context';
import type { AppDeps } from './deps';
import { DomainError } from './lib/errors';
import { CLIENT_DIST } from './lib/install-layout';
import { trpcBodyLimits } from './lib/http/json-limits';
import { tileSourceForPages } from './static/tile-csp';
import { restApi } from './rest/index';
import proxyaddr from 'proxy-addr';
import { attachFaceStream } from './rest/faces/live-check/face-stream-socket';
import { appRouter } from './routers/_app';
import { clientFiles } from './static/client-files';
import { humanModelRoutes } from './static/human-models';
import { logger } from './lib/logger';
import { requestLog } from './lib/http/request-log';

export { CLIENT_DIST };

/** The one Express app: security headers, compression, /api REST adapters, /trpc, the built client and its SPA fallback. */
export function createApp(deps: AppDeps, opts: { clientDir?: string } = {}) {
  const clientDir = opts.clientDir ?? CLIENT_DIST;
  const app = express();
  // The live face check's WebSocket shares the HTTP server: every caller (main, the tests, the benches) starts the
  // app with app.listen, so the socket is attached there.
  const listen = app.listen.bind(app);
  app.listen = ((...args: Parameters<typeof listen>) => {
    const server = listen(...args);
    // the socket's caller address as Express resolves req.ip (TRUST_PROXY), set below before any request
    attachFaceStream(server, deps, (req) => proxyaddr(req, app.get('trust proxy fn')));
    return server;
  }) as typeof app.listen;
  app.disable('x-powered-by');
  // API answers are per-user and never revalidated: hashing every body for an ETag is wasted work.
  app.set('etag', false);
  app.use(requestLog());
  if (deps.config.trustProxy) app.set('trust proxy', deps.config.trustProxy);
  app.use(tileSourceForPages(deps));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The session map's tiles come from the server the administrator set (services/attendance/settings/map-tiles.ts).
          'img-src': ["'self'", 'data:', 'blob:', (_req, res) => (res as express.Response).locals.tileSource ?? "'self'"],
          'media-src': ["'self'", 'blob:'],
          // The face page's live tracker runs tfjs on WebAssembly; this allows compiling wasm, not eval of scripts.
          'script-src': ["'self'", "'wasm-unsafe-eval'"],
          'upgrade-insecure-requests': null,
        },
      },
      // Browsers may only use camera and location for this origin.
      crossOriginEmbedderPolicy: false,
    }),
  );
  // gzip or brotli as the browser asks, for text only (compressible types: JPEG, PNG and video go as they are).
  app.use(compression());
  app.use((_req, res, next) => {
    res.setHeader('Permissions-Policy', 'camera=(self), geolocation=(self), microphone=()');
    next();
  });
  // API answers are per-user: no browser or proxy may keep them (face images set their own private caching).
  app.use(['/api', '/trpc'], (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use('/api', restApi(deps));
  app.use(
    '/trpc',
    trpcBodyLimits([
      '/auth.register',
      '/auth.registerFromInvitation',
      '/student.compareFaceVideo',
      '/student.requestLeave',
      '/teacher.previewRoster',
      '/teacher.importRoster',
    ]),
    createExpressMiddleware({
      router: appRouter,
      createContext: createContextFactory(deps),
      maxBodySize: 8 * 1024 * 1024,
      // One request must not fan out into hundreds of procedure calls (each its own queries and auth check).
      maxBatchSize: TRPC_MAX_BATCH,
      // a 429 or 503 says when to ask again, as the REST answers do
      responseMeta: ({ errors }) => {
        const wait = errors.map((e) => (e.cause instanceof DomainError ? e.cause.details.retryAfterSeconds : undefined)).find((s) => s);
        return wait ? { headers: { 'Retry-After': String(wait) } } : {};
      },
      onError: ({ error, path: p }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error.cause ?? error, procedure: p }, 'trpc: unexpected error');
      },
    }),
  );
  app.use(HUMAN_ASSETS_PATH, humanModelRoutes());
  app.use(clientFiles(clientDir));
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    const status = typeof err?.status === 'number' && err.status < 500 ? err.status : 500;
    if (status === 500) logger.error({ err }, 'http: unexpected error');
    const message = status === 500 ? MSG.server.internal : status === 413 ? MSG.server.tooLarge : MSG.server.validation;
    res.status(status).json({ success: false, message, error: message });
  };
  app.use(onError);
  return app;
}
