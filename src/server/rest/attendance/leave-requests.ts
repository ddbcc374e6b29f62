import { Router } from 'express';
import { ZDecideLeaveInput, ZWithdrawLeaveInput } from '@shared/schemas/attendance/leave';
import type { AppDeps } from '@server/deps';
import { jsonBody } from '@server/lib/http/json-limits';
import { parseInput } from '@server/lib/errors';
import { receiveLeaveRequest } from '@server/lib/http/uploads';
import {
  decideLeaveRequest,
  pendingLeaveRequests,
  myLeaveRequests,
  requestLeave,
  resolveLeaveDocument,
  withdrawLeaveRequest,
} from '@server/services/attendance/index';
import { handle, requireUser, userOf } from '../http';

/** Issue 24: a student's leave requests (multipart, with an optional document image) and their teacher's decisions. */
export function leaveRequestRoutes(deps: AppDeps): Router {
  const r = Router();
  const student = requireUser(deps, 'student');
  const teacher = requireUser(deps, 'teacher', 'admin');

  r.post(
    '/leave_requests',
    student,
    handle(async (req, res) => {
      const { fields, document } = await receiveLeaveRequest(req, res);
      res.status(201).json(await requestLeave(deps, userOf(req), fields, document));
    }),
  );
  r.get(
    '/leave_requests',
    student,
    handle(async (req, res) => res.json(await myLeaveRequests(deps, userOf(req)))),
  );
  r.patch(
    '/withdraw_leave_request',
    student,
    jsonBody(),
    handle(async (req, res) => res.json(await withdrawLeaveRequest(deps, userOf(req), parseInput(ZWithdrawLeaveInput, req.body)))),
  );
  r.get(
    '/pending_leave_requests',
    teacher,
    handle(async (req, res) => res.json(await pendingLeaveRequests(deps, userOf(req)))),
  );
  r.patch(
    '/decide_leave_request',
    teacher,
    jsonBody(),
    handle(async (req, res) => res.json(await decideLeaveRequest(deps, userOf(req), parseInput(ZDecideLeaveInput, req.body)))),
  );
  // Signed URLs only (an <img> sends no bearer header): whoever was shown the request may open its document.
  r.get(
    '/leave-documents/:id',
    handle(async (req, res) => {
      const file = await resolveLeaveDocument(deps, Number(req.params.id), req.query.exp as string | undefined, req.query.sig as string | undefined);
      res.setHeader('Cache-Control', 'private, max-age=600');
      // from our own records, under DATA_DIR, which may lie under a dot folder (send refuses those by default)
      res.sendFile(file, { dotfiles: 'allow' });
    }),
  );
  return r;
}
