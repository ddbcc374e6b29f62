import { type Request, type RequestHandler, type Response, Router } from 'express';
import multer from 'multer';
import { MAX_VIDEO_BYTES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { AppDeps } from '../../deps';
import { DomainError, parseInput } from '../../lib/errors';
import { ServerTiming } from '../../lib/http/server-timing';
import { withAdmittedFaceCheck, type FaceUpload, verifyStudentVideo, issueChallenge, refuseUploadWhenLive } from '../../services/faces/index';
import { ZFaceUploadFields } from '../../../shared/schemas/faces/face-challenge';
import { refuseOffCampus } from '../../services/attendance/index';
import { callerOf } from '../../lib/http/caller';
import { type AuthedRequest, handle, requireUser, sendError } from '../http';

// Held in memory: the engine reads it once. Beside the file only the challenge's id and step times are expected, so
// a text field gets 1 KB, not multer's 1 MB.
const uploadVideo = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_VIDEO_BYTES, files: 1, fields: 4, fieldSize: 1024 } }).single('video');

const startTiming: RequestHandler = (_req, res, next) => {
  res.locals.timing = new ServerTiming();
  next();
};

/** The uploaded video, held in memory (bounded by MAX_VIDEO_BYTES), and its fields; a missing or oversized file is a DomainError. */
function receiveVideo(req: Request, res: Response): Promise<FaceUpload> {
  return new Promise((resolve, reject) => {
    uploadVideo(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') reject(new DomainError('PAYLOAD_TOO_LARGE', MSG.face.videoTooLarge));
      else if (err instanceof multer.MulterError && err.code === 'LIMIT_FIELD_VALUE') reject(new DomainError('PAYLOAD_TOO_LARGE', MSG.server.tooLarge));
      else if (err || !req.file) reject(new DomainError('VALIDATION', MSG.face.videoMissing));
      else {
        try {
          resolve({ video: req.file.buffer, fields: parseInput(ZFaceUploadFields, req.body ?? {}) });
        } catch (e) {
          reject(e);
        }
      }
    });
  });
}

/**
 * The face page's upload check: POST /api/face-challenge and POST /api/compare-face-video. The campus networks are
 * attendance's rule, which services/faces (below attendance) cannot ask: the door asks before the check.
 */
export function studentFaceRoutes(deps: AppDeps): Router {
  const r = Router();
  const student = requireUser(deps, 'student');
  const user = (req: unknown) => (req as AuthedRequest).user;

  // Issue 33: with the challenge on, the steps are given only on the live stream (409 here); off, no steps.
  r.post(
    '/face-challenge',
    student,
    handle(async (_req, res) => res.json(issueChallenge(deps))),
  );
  // The answer's Server-Timing header places the time of a check: auth, upload (receiving and parsing the
  // multipart body), template, engine, store, total (npm run bench:api reads it).
  r.post('/compare-face-video', startTiming, student, async (req, res) => {
    const timing = res.locals.timing as ServerTiming;
    timing.lap('auth');
    try {
      // with the challenge on only the live stream earns a proof: refused before a byte of the upload is read
      refuseUploadWhenLive(deps);
      await refuseOffCampus(deps, req.ip ?? 'unknown');
      // admitted (one at a time per account, a few a minute) before a byte of the upload is read
      const verdict = await withAdmittedFaceCheck(deps, user(req), () =>
        verifyStudentVideo(
          deps,
          user(req),
          callerOf(req),
          timing.measure('upload', () => receiveVideo(req, res)),
          timing,
        ),
      );
      res.setHeader('Server-Timing', timing.header());
      res.json(verdict);
    } catch (err) {
      res.setHeader('Server-Timing', timing.header());
      sendError(res, err);
    }
  });
  return r;
}
