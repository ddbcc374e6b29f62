import { REVIEW_ATTEMPTS_SHOWN, ROOM_CODE_WINDOW_SECONDS } from '@shared/constants';
import { sql } from 'kysely';
import type { DB } from '@server/db/connect';
import { coarseDistanceMeters } from '@server/lib/geo';
import { type LastSteps, lastStepsBySession, noSteps } from '../last-steps';

/** One logged location attempt as the teacher reads it: its outcome, how far (coarse) and how precise, and when. */
export interface ReviewAttempt {
  outcome: string;
  at: string;
  distance_m: number | null;
  accuracy_m: number | null;
}

/** What the server kept of a student's tries in one session (issue 39), never what their page claims. */
export interface ReviewEvidence {
  steps: LastSteps;
  /** newest first, at most REVIEW_ATTEMPTS_SHOWN */
  attempts: ReviewAttempt[];
  attempt_count: number;
  /** location checks counted in the session, and how many answered outside */
  checks: number;
  outside_checks: number;
  /** how old the room code was when the last passed step took it (seconds into its window and after); null: no code */
  code_age_s: number | null;
  /** the last face check the server judged since the session began: its verdict, reason and distance */
  face_check: { verdict: string; reason: string; distance: number | null; at: string } | null;
}

/** The evidence for each of `studentIds` in one session, read in a few queries for the whole queue. */
export async function reviewEvidence(db: DB, session: { id: number; radius_m: number; room_code: boolean; started_at: string }, studentIds: number[]) {
  const out = new Map<number, ReviewEvidence>();
  if (!studentIds.length) return out;
  const steps = await lastStepsBySession(db, session, studentIds);
  // The three tables keyed by session and student share these two columns.
  const ofTheseStudents = sql<boolean>`session_id = ${session.id} and student_id in (${sql.join(studentIds)})`;
  const attempts = await db
    .selectFrom('attendance_attempts')
    .select(['student_id', 'outcome', 'created_at', 'distance_m', 'accuracy_m'])
    .where(ofTheseStudents)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const checks = await db.selectFrom('geofence_checks').select(['student_id', 'checks', 'outside']).where(ofTheseStudents).execute();
  const passed = await db
    .selectFrom('passed_geofence_steps')
    .select(['student_id', 'at', 'code_window'])
    .where(ofTheseStudents)
    .orderBy('at', 'desc')
    .execute();
  const faces = await db
    .selectFrom('face_verifications')
    .select(['user_id', 'verdict', 'reason', 'similarity', 'created_at'])
    .where('user_id', 'in', studentIds)
    .where('created_at', '>=', session.started_at)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const id of studentIds) {
    const own = attempts.filter((a) => a.student_id === id);
    const count = checks.find((c) => c.student_id === id);
    const step = passed.find((p) => p.student_id === id);
    const face = faces.find((f) => f.user_id === id);
    out.set(id, {
      steps: steps.get(id) ?? noSteps(),
      attempts: own.slice(0, REVIEW_ATTEMPTS_SHOWN).map((a) => ({
        outcome: a.outcome,
        at: a.created_at,
        distance_m: a.distance_m === null ? null : coarseDistanceMeters(a.distance_m),
        accuracy_m: a.accuracy_m === null ? null : Math.round(a.accuracy_m),
      })),
      attempt_count: own.length,
      checks: count?.checks ?? 0,
      outside_checks: count?.outside ?? 0,
      code_age_s:
        step?.code_window === null || step === undefined
          ? null
          : Math.max(0, Math.round((Date.parse(step.at) - step.code_window * ROOM_CODE_WINDOW_SECONDS * 1000) / 1000)),
      face_check: face ? { verdict: face.verdict, reason: face.reason, distance: face.similarity, at: face.created_at } : null,
    });
  }
  return out;
}
