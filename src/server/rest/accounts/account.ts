import { type Request, type Response, Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { FACE_IMAGES_REQUIRED, MAX_IMAGE_BYTES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { ZUserId } from '../../../shared/schemas/admin';
import type { AppDeps } from '../../deps';
import { DomainError, parseInput } from '../../lib/errors';
import { getEditableProfile, updateProfile } from '../../services/accounts/index';
import { type AuthedRequest, handle, requireUser, sendError } from '../http';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: FACE_IMAGES_REQUIRED, fields: 4, fieldSize: 1024 },
}).array('images', FACE_IMAGES_REQUIRED);

const idOf = (params: unknown) => parseInput(z.object({ id: ZUserId }), params).id;

/** The /update-user form: GET /api/user/{id} and PUT /api/update/{id} (multipart), for the user themself or an admin. */
export function accountRoutes(deps: AppDeps): Router {
  const r = Router();
  const signedIn = requireUser(deps);
  const caller = (req: unknown) => (req as AuthedRequest).user;

  r.get(
    '/user/:id',
    signedIn,
    handle(async (req, res) => res.json(await getEditableProfile(deps, caller(req), idOf(req.params)))),
  );
  r.put('/update/:id', signedIn, (req: Request, res: Response) => {
    let id: number;
    try {
      id = idOf(req.params);
      // Refuse another user's account before reading any upload.
      if (caller(req).role !== 'admin' && caller(req).id !== id) throw new DomainError('FORBIDDEN', MSG.admin.updateForbidden);
    } catch (err) {
      return sendError(res, err);
    }
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        const message =
          err.code === 'LIMIT_FILE_SIZE'
            ? MSG.register.imagesTooLarge
            : err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE'
              ? MSG.admin.imagesNeedThree
              : MSG.server.validation;
        return sendError(res, new DomainError('VALIDATION', message));
      }
      if (err) return sendError(res, new DomainError('VALIDATION', MSG.server.validation));
      const files = ((req.files as Express.Multer.File[]) ?? []).map((f) => ({ buffer: f.buffer, size: f.size }));
      updateProfile(deps, caller(req), id, req.body ?? {}, files).then(
        (result) => res.json(result),
        (e) => sendError(res, e),
      );
    });
  });
  return r;
}
