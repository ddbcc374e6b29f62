import type { RequestHandler } from 'express';
import { ZMarkAttendanceInput } from '../../shared/schemas/attendance';
import { bearerPayload } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { writesInCte } from '../db/dialect';
import { callerOf } from '../lib/caller';
import { jsonBody } from '../lib/json-limits';
import { parseInput } from '../lib/errors';
import { markAttendance } from '../services/attendance-marking';
import { geofenceStepInOneTrip } from '../services/geofence-step-one-trip';
import { type AuthedRequest, authRefusal, handle, requireUser, sendError } from './http';

const STUDENT = ['student' as const];

/**
 * POST /api/mark_attendance. Everywhere: the student's token and row first (requireUser), then the body, then
 * markAttendance. Where the engine writes in a CTE (PostgreSQL), the geofence step alone (a valid body without
 * face_verified, the burst at class start) reads the token's user row in the same statement as the session and the
 * check counter instead of a query of its own: one round trip instead of three. Its answers are the same, in the
 * same order: a token whose signature fails is refused before the body is read, and a body that fails to parse or
 * validate goes the usual way, so the user's row is checked before the body's error is told.
 */
export function markAttendanceRoute(deps: AppDeps): RequestHandler {
  const student = requireUser(deps, 'student');
  const parseBody = jsonBody();
  const usual = handle(async (req, res) => {
    res.json(await markAttendance(deps, (req as AuthedRequest).user, parseInput(ZMarkAttendanceInput, req.body), callerOf(req)));
  });
  const usualWay: RequestHandler = (req, res, next) =>
    student(req, res, () => parseBody(req, res, (err?: unknown) => (err ? next(err) : usual(req, res, next))));

  // The engine is asked per request (an instanceof): the routes are also built without a database, to list them.
  const route: RequestHandler = (req, res, next) => {
    if (!writesInCte(deps.db)) return usualWay(req, res, next);
    bearerPayload(deps, req.headers.authorization)
      .then((payload) => {
        if (!payload) return sendError(res, authRefusal(null, STUDENT));
        parseBody(req, res, (bodyError?: unknown) => {
          const input = bodyError ? undefined : ZMarkAttendanceInput.safeParse(req.body);
          if (!input?.success || input.data.face_verified) return student(req, res, () => (bodyError ? next(bodyError) : usual(req, res, next)));
          geofenceStepInOneTrip(deps, payload, input.data, callerOf(req), (user) => {
            const refusal = authRefusal(user, STUDENT);
            if (refusal) throw refusal;
            return user!;
          })
            .then((answer) => res.json(answer))
            .catch((err) => sendError(res, err));
        });
      })
      .catch((err) => sendError(res, err));
  };
  return route;
}
