import { Router } from 'express';
import { ZDuplicateFacesPage } from '@shared/schemas/admin';
import type { AppDeps } from '@server/deps';
import { parseInput } from '@server/lib/errors';
import { listDuplicateFaces } from '@server/services/faces/index';
import { handle, requireUser } from '../http';

/**
 * Face collisions (issue 34), every one for admins (GET, paged). The decision on one is accounts' (it lets a waiting
 * registration in or turns it away): POST /api/face-collisions/:id/decision in rest/accounts/teacher.ts.
 */
export function faceCollisionRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get(
    '/admin/duplicate-faces',
    requireUser(deps, 'admin'),
    handle(async (req, res) => res.json(await listDuplicateFaces(deps, parseInput(ZDuplicateFacesPage, req.query)))),
  );
  return r;
}
