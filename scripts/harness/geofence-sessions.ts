import type { Insertable } from 'kysely';
import type { DB } from '@server/db/connect';
import type { GeofenceSessionsTable } from '@server/db/schema';

type SessionRow = Insertable<GeofenceSessionsTable>;

/**
 * A geofence session written straight into the database, for tests that need records under one: a classroom point
 * and a 50 m circle unless given, ending when it starts unless `ends_at` says otherwise; an ended one ended 'expired'.
 * Returns its id.
 */
export async function insertSession(db: DB, s: Pick<SessionRow, 'teacher_id' | 'department_id' | 'started_at'> & Partial<SessionRow>): Promise<number> {
  const row = await db
    .insertInto('geofence_sessions')
    .values({ latitude: 23.0225, longitude: 72.5714, radius_m: 50, ends_at: s.started_at, end_reason: s.ended_at ? 'expired' : null, ...s })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
