import { Router } from 'express';
import type { AppDeps } from '../deps';
import { resolveSignedImage } from '../services/face-images';
import { handle } from './http';

/** Serves an enrolled face image only through a valid signed URL (see lib/url-signer). */
export function faceImageRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get(
    '/face-images/:id',
    handle(async (req, res) => {
      const file = await resolveSignedImage(deps, Number(req.params.id), req.query.exp as string | undefined, req.query.sig as string | undefined);
      res.setHeader('Cache-Control', 'private, max-age=600');
      res.sendFile(file);
    }),
  );
  return r;
}
