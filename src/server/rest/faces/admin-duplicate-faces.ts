import { Router } from 'express';
import { z } from 'zod';
import { ZDuplicateFacesPage, ZUserId } from '../../../shared/schemas/admin';
import type { AppDeps } from '../../deps';
import { jsonBody } from '../../lib/http/json-limits';
import { parseInput } from '../../lib/errors';
import { allowDuplicateFace, listDuplicateFaces } from '../../services/faces/index';
import { type AuthedRequest, handle, requireUser } from '../http';

/** The refused duplicate faces (GET, paged) and the admin's leave for one registration (POST .../:id/allow). */
export function adminDuplicateFaceRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireUser(deps, 'admin');
  r.get(
    '/admin/duplicate-faces',
    admin,
    handle(async (req, res) => res.json(await listDuplicateFaces(deps, parseInput(ZDuplicateFacesPage, req.query)))),
  );
  r.post(
    '/admin/duplicate-faces/:id/allow',
    admin,
    jsonBody(),
    handle(async (req, res) => {
      const { id } = parseInput(z.object({ id: ZUserId }), req.params);
      res.json(await allowDuplicateFace(deps, (req as AuthedRequest).user, id));
    }),
  );
  return r;
}
