import { Router } from 'express';
import { z } from 'zod';
import { ZApproveInput } from '@shared/schemas/attendance/attendance';
import { ZRejectInput, ZTeacherAddStudentInput } from '@shared/schemas/attendance/class-tools';
import { ZDecideFaceCollisionInput } from '@shared/schemas/faces/face-changes';
import type { AppDeps } from '@server/deps';
import { parseInput } from '@server/lib/errors';
import { jsonBody } from '@server/lib/http/json-limits';
import {
  addStudentByTeacher,
  approveUsers,
  decideFaceCollision,
  getTeacherProfile,
  listDepartments,
  pendingStudentsByDepartment,
  rejectStudents,
} from '@server/services/accounts/index';
import { handle, requireUser, serve, serveBody, userOf } from '../http';

/**
 * The teacher dashboard's account calls (admins may use them too): the profile, the departments, the students
 * waiting for approval, approving, rejecting or adding them, and the decision on a face collision (issue 34:
 * twins | lookalikes | same_person), which lets the waiting registration in or turns it away.
 */
export function teacherAccountRoutes(deps: AppDeps): Router {
  const r = Router();
  const teacher = requireUser(deps, 'teacher', 'admin');

  r.get(
    '/admin/departments',
    handle(async (_req, res) => res.json(await listDepartments(deps))),
  );
  r.get(
    '/get_teacher_profile',
    teacher,
    serve((user) => getTeacherProfile(deps, user)),
  );
  r.get(
    '/pending_students_by_department',
    teacher,
    serve((user) => pendingStudentsByDepartment(deps, user)),
  );
  r.patch('/approve_students', teacher, ...serveBody(ZApproveInput, (user, { user_ids }) => approveUsers(deps, user, user_ids)));
  r.patch('/reject_students', teacher, ...serveBody(ZRejectInput, (user, input) => rejectStudents(deps, user, input)));
  r.post('/teacher/students', teacher, ...serveBody(ZTeacherAddStudentInput, (user, input) => addStudentByTeacher(deps, user, input), 201));
  r.post(
    '/face-collisions/:id/decision',
    teacher,
    jsonBody(),
    handle(async (req, res) => {
      const { id } = parseInput(z.object({ id: z.string() }), req.params);
      const input = parseInput(ZDecideFaceCollisionInput, { ...(req.body ?? {}), collision_id: id });
      res.json(await decideFaceCollision(deps, userOf(req), input));
    }),
  );
  return r;
}
