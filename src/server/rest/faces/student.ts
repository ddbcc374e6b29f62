import { type RequestHandler, Router } from 'express';
import type { AppDeps } from '@server/deps';
import { ServerTiming } from '@server/lib/http/server-timing';
import { receiveVideo } from '@server/lib/http/uploads';
import { withAdmittedFaceCheck, verifyStudentVideo, issueChallenge, refuseUploadWhenLive } from '@server/services/faces/index';
import { refuseOffCampus } from '@server/services/attendance/index';
import { callerOf } from '@server/lib/http/caller';
import { handle, requireUser, sendError, userOf } from '../http';

const startTiming: RequestHandler = (_req, res, next) => {
  res.locals.timing = new ServerTiming();
  next();
};

/**
 * The face page's upload check: POST /api/face-challenge and POST /api/compare-face-video. The campus networks are
 * attendance's rule, which services/faces (below attendance) cannot ask: the door asks before the check.
 */
export function studentFaceRoutes(deps: AppDeps): Router {
  const r = Router();
  const student = requireUser(deps, 'student');

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
      const verdict = await withAdmittedFaceCheck(deps, userOf(req), () =>
        verifyStudentVideo(
          deps,
          userOf(req),
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
