import type { RequestHandler } from 'express';
import type { AppDeps } from '../deps';
import { tileSource, tileUrlInForce } from '../services/attendance/index';

/** A script, style, image or font file: no page, so no images of its own to allow. */
const ASSET_RE = /\.(?!html?$)[a-z0-9]+$/i;

/**
 * Reads the map's tile server for each page request, so the CSP's img-src allows it (helmet's directive functions
 * are synchronous). A primary-key read; every node sees an administrator's change at once. API answers and static
 * files load no images and skip it; a failed read leaves the policy at its strictest rather than failing the page.
 */
export function tileSourceForPages(deps: Pick<AppDeps, 'db'>): RequestHandler {
  return (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/trpc/') || ASSET_RE.test(req.path)) return next();
    tileUrlInForce(deps).then(
      (template) => {
        res.locals.tileSource = tileSource(template) ?? undefined;
        next();
      },
      () => next(),
    );
  };
}
