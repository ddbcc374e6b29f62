import { Router } from 'express';
import type { AppDeps } from '@server/deps';
import { getStudentProfile } from '@server/services/accounts/index';
import { handle, requireUser, userOf } from '../http';

/** The student dashboard's profile: GET /api/get_student_profile. */
export function studentAccountRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get(
    '/get_student_profile',
    requireUser(deps, 'student'),
    handle(async (req, res) => res.json(await getStudentProfile(deps, userOf(req)))),
  );
  return r;
}
