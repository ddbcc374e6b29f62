import { Router } from 'express';
import type { AppDeps } from '@server/deps';
import { resolveSignedChangeImage, resolveSignedImage, resolveSignedReviewStill } from '@server/services/faces/index';
import { handle } from '../http';

// The path comes from our own records, under DATA_DIR: a dot folder on the way there (~/.local/share/roll-call) is
// the operator's choice, which send's default (a dot folder anywhere in the path: 404) would refuse.
const OWN_FILE = { dotfiles: 'allow' } as const;

/** Serves enrolled face images, a pending face change's photos and a review request's still, only through a valid signed URL (see lib/url-signer). */
export function faceImageRoutes(deps: AppDeps): Router {
  const r = Router();
  const signed = (req: { query: Record<string, unknown> }) => [req.query.exp as string | undefined, req.query.sig as string | undefined] as const;
  r.get(
    '/face-images/:id',
    handle(async (req, res) => {
      const file = await resolveSignedImage(deps, Number(req.params.id), ...signed(req));
      res.setHeader('Cache-Control', 'private, max-age=600');
      res.sendFile(file, OWN_FILE);
    }),
  );
  r.get(
    '/face-change-images/:id',
    handle(async (req, res) => {
      const file = await resolveSignedChangeImage(deps, Number(req.params.id), ...signed(req));
      // Not cached: the photo stops being served once the change is decided.
      res.setHeader('Cache-Control', 'private, no-store');
      res.sendFile(file, OWN_FILE);
    }),
  );
  r.get(
    '/review-stills/:id',
    handle(async (req, res) => {
      const file = await resolveSignedReviewStill(deps, Number(req.params.id), ...signed(req));
      // Not cached: the still stops being served once its request closes.
      res.setHeader('Cache-Control', 'private, no-store');
      res.sendFile(file, OWN_FILE);
    }),
  );
  return r;
}
