import { Router } from 'express';
import multer from 'multer';
import { MAX_VIDEO_BYTES } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { ZMarkAttendanceInput, ZStudentPageInput } from '../../shared/schemas/attendance';
import type { AppDeps } from '../deps';
import { jsonBody } from '../lib/json-limits';
import { DomainError, parseInput } from '../lib/errors';
import { markAttendance } from '../services/attendance-marking';
import { verifyStudentVideo } from '../services/face-verification';
import { getStudentAttendance, getStudentProfile } from '../services/student-attendance';
import { type AuthedRequest, handle, requireUser, sendError } from './http';

const uploadVideo = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_VIDEO_BYTES, files: 1, fields: 4 } }).single('video');

/** The student dashboard and face page's documented /api calls. */
export function studentRoutes(deps: AppDeps): Router {
  const r = Router();
  const student = requireUser(deps, 'student');
  const user = (req: unknown) => (req as AuthedRequest).user;

  r.get('/get_attendance', student, handle(async (req, res) => {
    const { page, limit } = parseInput(ZStudentPageInput, req.query);
    res.json(await getStudentAttendance(deps, user(req), page, limit));
  }));
  r.get('/get_student_profile', student, handle(async (req, res) => res.json(await getStudentProfile(deps, user(req)))));
  r.post('/mark_attendance', student, jsonBody(), handle(async (req, res) => {
    res.json(await markAttendance(deps, user(req), parseInput(ZMarkAttendanceInput, req.body), req.ip ?? 'unknown'));
  }));
  r.post('/compare-face-video', student, (req, res) => {
    uploadVideo(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') return sendError(res, new DomainError('PAYLOAD_TOO_LARGE', MSG.face.videoTooLarge));
      if (err) return sendError(res, new DomainError('VALIDATION', MSG.face.videoMissing));
      if (!req.file) return sendError(res, new DomainError('VALIDATION', MSG.face.videoMissing));
      verifyStudentVideo(deps, user(req), req.file.buffer)
        .then((verdict) => res.json(verdict))
        .catch((e) => sendError(res, e));
    });
  });
  return r;
}
