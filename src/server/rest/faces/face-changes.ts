import { Router } from 'express';
import { ZDecideFaceChangeInput, ZFaceChangeHistoryInput } from '@shared/schemas/faces/face-changes';
import type { AppDeps } from '@server/deps';
import { jsonBody } from '@server/lib/http/json-limits';
import { parseInput } from '@server/lib/errors';
import { decideFaceChange, faceChangeHistory, listPendingFaceChanges } from '@server/services/faces/index';
import { handle, requireUser, userOf } from '../http';

/** REST twins of teacher.pendingFaceChanges, teacher.decideFaceChange and teacher.faceChangeHistory. */
export function faceChangeRoutes(deps: AppDeps): Router {
  const r = Router();
  const teacher = requireUser(deps, 'teacher', 'admin');

  r.get(
    '/pending_face_changes',
    teacher,
    handle(async (req, res) => res.json(await listPendingFaceChanges(deps, userOf(req)))),
  );
  r.patch(
    '/decide_face_change',
    teacher,
    jsonBody(),
    handle(async (req, res) => res.json(await decideFaceChange(deps, userOf(req), parseInput(ZDecideFaceChangeInput, req.body)))),
  );
  r.get(
    '/face_changes/:studentId',
    teacher,
    handle(async (req, res) => {
      const { student_id } = parseInput(ZFaceChangeHistoryInput, { student_id: req.params.studentId });
      res.json(await faceChangeHistory(deps, userOf(req), student_id));
    }),
  );
  return r;
}
