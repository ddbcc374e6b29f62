import { MARK_STEP_MAX_AGE_SECONDS } from '@shared/constants';
import type { DB } from '@server/db/connect';
import type { PassedGeofenceStepsTable } from '@server/db/schema';
import { isStepCode } from './room-code';

/** A login's geofence step that passed in a session, as the final mark reads it. */
export type PassedStep = Omit<PassedGeofenceStepsTable, 'session_id' | 'student_id' | 'token_id'>;

/**
 * Keeps a geofence step that passed (inside, code accepted) as this login's step of the session, replacing its
 * earlier one: the final mark is judged against the latest step a login took.
 */
export async function recordPassedStep(db: DB, key: { session_id: number; student_id: number; token_id: string }, step: PassedStep) {
  await db
    .insertInto('passed_geofence_steps')
    .values({ ...key, ...step })
    .onConflict((oc) =>
      oc.columns(['session_id', 'student_id', 'token_id']).doUpdateSet((eb) => ({
        at: eb.ref('excluded.at'),
        code_window: eb.ref('excluded.code_window'),
        ip: eb.ref('excluded.ip'),
        device_id: eb.ref('excluded.device_id'),
      })),
    )
    .execute();
}

/** This login's passed step of the session, if it took one. */
export const passedStepOf = (db: DB, sessionId: number, studentId: number, tokenId: string): Promise<PassedStep | undefined> =>
  db
    .selectFrom('passed_geofence_steps')
    .select(['at', 'code_window', 'ip', 'device_id'])
    .where('session_id', '=', sessionId)
    .where('student_id', '=', studentId)
    .where('token_id', '=', tokenId)
    .executeTakeFirst();

/**
 * Why a final mark is not carried by its login's step (issue 35), or null when it is: a step over
 * MARK_STEP_MAX_AGE_SECONDS before now counts as none (a mark finished by a friend in the room with a relayed login
 * and a code read earlier); a step from another device than the mark's; a code other than the one the step accepted
 * (`secret` null: the session asks for no code).
 */
export function stepRefusal(step: PassedStep, mark: { now: Date; device: string | null; secret: string | null; code: string | undefined }) {
  if (mark.now.getTime() - Date.parse(step.at) > MARK_STEP_MAX_AGE_SECONDS * 1000) return { kind: 'no_step' as const };
  if (step.device_id !== mark.device) return { kind: 'other_device' as const };
  if (mark.secret && !isStepCode(mark.secret, mark.code, step.code_window)) return { kind: 'room_code' as const };
  return null;
}
