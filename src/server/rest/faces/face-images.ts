import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { resolveSignedChangeImage, resolveSignedImage } from '../../services/faces/index';
import { handle } from '../http';

/** Serves enrolled face images, and a pending face change's photos, only through a valid signed URL (see lib/url-signer). */
export function faceImageRoutes(deps: AppDeps): Router {
  const r = Router();
  const signed = (req: { query: Record<string, unknown> }) => [req.query.exp as string | undefined, req.query.sig as string | undefined] as const;
  r.get(
    '/face-images/:id',
    handle(async (req, res) => {
      const file = await resolveSignedImage(deps, Number(req.params.id), ...signed(req));
      res.setHeader('Cache-Control', 'private, max-age=600');
      res.sendFile(file);
    }),
  );
  r.get(
    '/face-change-images/:id',
    handle(async (req, res) => {
      const file = await resolveSignedChangeImage(deps, Number(req.params.id), ...signed(req));
      // Not cached: the photo stops being served once the change is decided.
      res.setHeader('Cache-Control', 'private, no-store');
      res.sendFile(file);
    }),
  );
  return r;
}
