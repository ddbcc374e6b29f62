import { type Request, type Response, Router } from 'express';
import multer from 'multer';
import { MAX_IMAGE_BYTES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { ZDecideLeaveInput, ZLeaveRequestFields, ZWithdrawLeaveInput } from '../../../shared/schemas/attendance/leave';
import type { AppDeps } from '../../deps';
import { jsonBody } from '../../lib/http/json-limits';
import { DomainError, parseInput } from '../../lib/errors';
import {
  decideLeaveRequest,
  pendingLeaveRequests,
  myLeaveRequests,
  requestLeave,
  resolveLeaveDocument,
  withdrawLeaveRequest,
} from '../../services/attendance/index';
import { type AuthedRequest, handle, requireUser, sendError } from '../http';

// One optional image beside three short text fields (a reason is at most 500 characters: 2 KB of UTF-8 is plenty).
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 3, fieldSize: 2048 } }).single('document');

/** Issue 24: a student's leave requests (multipart, with an optional document image) and their teacher's decisions. */
export function leaveRequestRoutes(deps: AppDeps): Router {
  const r = Router();
  const student = requireUser(deps, 'student');
  const teacher = requireUser(deps, 'teacher', 'admin');
  const user = (req: unknown) => (req as AuthedRequest).user;

  r.post('/leave_requests', student, (req: Request, res: Response) => {
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        const message =
          err.code === 'LIMIT_FILE_SIZE' ? MSG.leave.documentTooLarge : err.code === 'LIMIT_FIELD_VALUE' ? MSG.server.tooLarge : MSG.server.validation;
        return sendError(res, new DomainError(err.code === 'LIMIT_FIELD_VALUE' ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION', message));
      }
      if (err) return sendError(res, new DomainError('VALIDATION', MSG.server.validation));
      Promise.resolve()
        .then(() => {
          const fields = parseInput(ZLeaveRequestFields, req.body ?? {});
          const file = req.file ? { buffer: req.file.buffer, size: req.file.size } : null;
          return requestLeave(deps, user(req), fields, file);
        })
        .then(
          (result) => res.status(201).json(result),
          (e) => sendError(res, e),
        );
    });
  });
  r.get(
    '/leave_requests',
    student,
    handle(async (req, res) => res.json(await myLeaveRequests(deps, user(req)))),
  );
  r.patch(
    '/withdraw_leave_request',
    student,
    jsonBody(),
    handle(async (req, res) => res.json(await withdrawLeaveRequest(deps, user(req), parseInput(ZWithdrawLeaveInput, req.body)))),
  );
  r.get(
    '/pending_leave_requests',
    teacher,
    handle(async (req, res) => res.json(await pendingLeaveRequests(deps, user(req)))),
  );
  r.patch(
    '/decide_leave_request',
    teacher,
    jsonBody(),
    handle(async (req, res) => res.json(await decideLeaveRequest(deps, user(req), parseInput(ZDecideLeaveInput, req.body)))),
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
