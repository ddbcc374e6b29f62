import { Router } from 'express';
import { z } from 'zod';
import { MSG } from '@shared/messages';
import { ZUserId } from '@shared/schemas/admin';
import type { AppDeps } from '@server/deps';
import { DomainError, parseInput } from '@server/lib/errors';
import { receiveAccountUpdate } from '@server/lib/http/uploads';
import { getEditableProfile, updateProfile } from '@server/services/accounts/index';
import { handle, requireUser, userOf } from '../http';

const idOf = (params: unknown) => parseInput(z.object({ id: ZUserId }), params).id;

/** The /update-user form: GET /api/user/{id} and PUT /api/update/{id} (multipart), for the user themself or an admin. */
export function accountRoutes(deps: AppDeps): Router {
  const r = Router();
  const signedIn = requireUser(deps);

  r.get(
    '/user/:id',
    signedIn,
    handle(async (req, res) => res.json(await getEditableProfile(deps, userOf(req), idOf(req.params)))),
  );
  r.put(
    '/update/:id',
    signedIn,
    handle(async (req, res) => {
      const id = idOf(req.params);
      // Refuse another user's account before reading any upload.
      if (userOf(req).role !== 'admin' && userOf(req).id !== id) throw new DomainError('FORBIDDEN', MSG.admin.updateForbidden);
      const { fields, files } = await receiveAccountUpdate(req, res);
      res.json(await updateProfile(deps, userOf(req), id, fields, files));
    }),
  );
  return r;
}
