import { FACE_CHALLENGE_FAILS_PER_SESSION } from '@shared/constants';
import type { DB } from '@server/db/connect';
import { coarseDistanceMeters } from '@server/lib/geo';
import { ABANDONED, ENGINE_BUSY } from '../faces/index';

/** The attempt log's outcomes of a geofence step (a final mark's own outcomes are its record). */
const STEP_OUTCOMES = ['geofence_valid', 'geofence_invalid', 'refused_outside', 'refused_off_campus', 'refused_room_code'];
/**
 * The final mark's refusals after a passed step, by the reason the teacher reads (a final mark found outside is the
 * geofence step's outside above; its room code, the room code's).
 */
const MARK_REFUSALS = {
  refused_no_step: 'no_step',
  refused_other_device: 'other_device',
  refused_proof_of_other_login: 'other_login',
  refused_no_face_proof: 'no_face_proof',
} as const;
type MarkRefusal = (typeof MARK_REFUSALS)[keyof typeof MARK_REFUSALS];

/** The last geofence step of a student in a session: where it found them (or why it was refused), and when. */
export interface LastGeofenceStep {
  outcome: 'inside' | 'outside' | 'refused_off_campus';
  /** how far from the room, as the student is told it (coarse); only outside */
  distance_m: number | null;
  at: string;
}

/** The last face check: passed, refused (with the live check's refusal code), abandoned, or still running. */
export interface LastFaceCheck {
  outcome: 'passed' | 'refused' | 'abandoned' | 'running';
  reason: string | null;
  at: string;
  /** tries used (failed or abandoned) of the session's `of` */
  used: number;
  of: number;
}

export interface LastSteps {
  geofence: LastGeofenceStep | null;
  /** null: the session asks for no room code, or no step reached the code */
  room_code: { outcome: 'accepted' | 'wrong'; at: string } | null;
  face: LastFaceCheck | null;
  /** the last final mark refused after a passed step, and why; the mark itself is the student's record */
  mark: { outcome: 'refused'; reason: MarkRefusal; at: string } | null;
}

const EMPTY: LastSteps = { geofence: null, room_code: null, face: null, mark: null };

/**
 * Issue 36: the last outcome of each step of the mark, per student of one session, for the teacher's student dialog.
 * Read from the attempt log (each step's outcome), the kept passed steps (a passed step's log line may still be in
 * the buffer of another node) and the live face checks. `radiusM` decides inside or outside for a step refused for
 * its room code (the student was told neither).
 */
export async function lastStepsBySession(db: DB, session: { id: number; radius_m: number; room_code: boolean }, studentIds: number[]) {
  const out = new Map<number, LastSteps>();
  if (!studentIds.length) return out;
  const of = (id: number) => {
    const s = out.get(id) ?? { ...EMPTY };
    out.set(id, s);
    return s;
  };
  const attempts = await db
    .selectFrom('attendance_attempts')
    .select(['student_id', 'outcome', 'distance_m', 'created_at'])
    .where('session_id', '=', session.id)
    .where('outcome', 'in', [...STEP_OUTCOMES, ...Object.keys(MARK_REFUSALS)])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const a of attempts) {
    const s = of(a.student_id);
    if (a.outcome in MARK_REFUSALS) {
      s.mark = { outcome: 'refused', reason: MARK_REFUSALS[a.outcome as keyof typeof MARK_REFUSALS], at: a.created_at };
      continue;
    }
    const inside = a.outcome === 'geofence_valid' || (a.outcome === 'refused_room_code' && a.distance_m !== null && a.distance_m <= session.radius_m);
    const outcome = a.outcome === 'refused_off_campus' ? 'refused_off_campus' : inside ? 'inside' : 'outside';
    s.geofence = { outcome, distance_m: outcome === 'outside' && a.distance_m !== null ? coarseDistanceMeters(a.distance_m) : null, at: a.created_at };
    // A step refused off campus never reached the code; a final mark's outside refusal came after an accepted one.
    if (session.room_code && a.outcome !== 'refused_off_campus' && a.outcome !== 'refused_outside')
      s.room_code = { outcome: a.outcome === 'refused_room_code' ? 'wrong' : 'accepted', at: a.created_at };
  }
  const passed = await db
    .selectFrom('passed_geofence_steps')
    .select(['student_id', (eb) => eb.fn.max('at').as('at')])
    .where('session_id', '=', session.id)
    .groupBy('student_id')
    .execute();
  for (const p of passed) {
    const s = of(p.student_id);
    if (s.geofence && s.geofence.at >= p.at) continue;
    s.geofence = { outcome: 'inside', distance_m: null, at: p.at };
    if (session.room_code) s.room_code = { outcome: 'accepted', at: p.at };
  }
  const checks = await db
    .selectFrom('face_challenges')
    .select(['user_id', 'outcome', 'issued_at', 'used_at'])
    .where('session_id', '=', session.id)
    .where((eb) => eb.or([eb('outcome', 'is', null), eb('outcome', '!=', ENGINE_BUSY)]))
    .orderBy('issued_at')
    .execute();
  for (const c of checks) {
    const s = of(c.user_id);
    const used = (s.face?.used ?? 0) + (c.outcome !== null && c.outcome !== 'accepted' ? 1 : 0);
    const outcome = c.outcome === null ? 'running' : c.outcome === 'accepted' ? 'passed' : c.outcome === ABANDONED ? 'abandoned' : 'refused';
    s.face = { outcome, reason: outcome === 'refused' ? c.outcome : null, at: c.used_at ?? c.issued_at, used, of: FACE_CHALLENGE_FAILS_PER_SESSION };
  }
  return out;
}

export const noSteps = (): LastSteps => ({ ...EMPTY });
