import { Router } from 'express';
import { z } from 'zod';
import { ZDuplicateFacesPage } from '../../../shared/schemas/admin';
import { ZDecideFaceCollisionInput } from '../../../shared/schemas/faces/face-changes';
import type { AppDeps } from '../../deps';
import { jsonBody } from '../../lib/http/json-limits';
import { parseInput } from '../../lib/errors';
import { decideFaceCollision } from '../../services/accounts/index';
import { listDuplicateFaces } from '../../services/faces/index';
import { type AuthedRequest, handle, requireUser } from '../http';

/**
 * Face collisions (issue 34): every one for admins (GET, paged), and the decision on one (POST .../:id/decision
 * {decision: twins | lookalikes | same_person}) by the waiting student's teacher or an admin.
 */
export function faceCollisionRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireUser(deps, 'admin');
  const teacher = requireUser(deps, 'teacher', 'admin');
  r.get(
    '/admin/duplicate-faces',
    admin,
    handle(async (req, res) => res.json(await listDuplicateFaces(deps, parseInput(ZDuplicateFacesPage, req.query)))),
  );
  r.post(
    '/face-collisions/:id/decision',
    teacher,
    jsonBody(),
    handle(async (req, res) => {
      const { id } = parseInput(z.object({ id: z.string() }), req.params);
      const input = parseInput(ZDecideFaceCollisionInput, { ...(req.body ?? {}), collision_id: id });
      res.json(await decideFaceCollision(deps, (req as AuthedRequest).user, input));
    }),
  );
  return r;
}
