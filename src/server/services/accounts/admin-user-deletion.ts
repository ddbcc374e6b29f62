import fs from 'node:fs/promises';
import path from 'node:path';
import { MSG } from '@shared/messages';
import type { AuthUser } from '@server/auth/authenticate';
import type { DB } from '@server/db/connect';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';

type Deps = Pick<AppDeps, 'db' | 'config'>;
type DeleteDeps = Deps & Pick<AppDeps, 'reports'>;

/** What a cascade delete touches, keyed as SPEC 3's deletion preview names it. */
async function relatedCounts(db: DB, id: number) {
  const n = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);
  const sessions = db.selectFrom('geofence_sessions').select('id').where('teacher_id', '=', id);
  return {
    FaceEnrollments: await n(
      db
        .selectFrom('face_enrollments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', id)
        .executeTakeFirst(),
    ),
    'StudentAttendance (as student)': await n(
      db
        .selectFrom('attendance_records')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('student_id', '=', id)
        .executeTakeFirst(),
    ),
    'StudentAttendance (as marked_by)': await n(
      db
        .selectFrom('attendance_records')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('marked_by', '=', id)
        .where('session_id', 'not in', sessions)
        .executeTakeFirst(),
    ),
    Geofencing: await n(
      db
        .selectFrom('geofence_sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('teacher_id', '=', id)
        .executeTakeFirst(),
    ),
    Teacher: await n(
      db
        .selectFrom('attendance_records')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('session_id', 'in', sessions)
        .executeTakeFirst(),
    ),
  };
}

export async function deletionPreview(deps: Deps, id: number) {
  const user = await deps.db.selectFrom('users').select(['id', 'username', 'email', 'role', 'status']).where('id', '=', id).executeTakeFirst();
  if (!user) throw new DomainError('NOT_FOUND', MSG.admin.userNotFound);
  const related_data = await relatedCounts(deps.db, id);
  return { user, related_data, total_related: Object.values(related_data).reduce((a, b) => a + b, 0) };
}

/**
 * Deletes the user and every row that refers to them in one transaction; their face images go with it. The image
 * folder is moved aside first and removed only after the commit, so a failure leaves both the rows and the files.
 * Attendance the user marked for other teachers' students stays, without the marker.
 */
export async function deleteUserCascade(deps: DeleteDeps, caller: AuthUser, id: number) {
  if (id === caller.id) throw new DomainError('CONFLICT', MSG.admin.notSelf);
  const folder = path.join(deps.config.uploadsDir, 'faces', String(id));
  const aside = `${folder}.deleting-${Date.now()}`;
  const moved = await fs.rename(folder, aside).then(
    () => true,
    () => false,
  );
  try {
    const counts = await deps.db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
      if (!user) throw new DomainError('NOT_FOUND', MSG.admin.userNotFound);
      const related = await relatedCounts(trx, id);
      const sessions = trx.selectFrom('geofence_sessions').select('id').where('teacher_id', '=', id);
      await trx
        .deleteFrom('geofence_checks')
        .where((eb) => eb.or([eb('student_id', '=', id), eb('session_id', 'in', sessions)]))
        .execute();
      await trx
        .deleteFrom('passed_geofence_steps')
        .where((eb) => eb.or([eb('student_id', '=', id), eb('session_id', 'in', sessions)]))
        .execute();
      await trx
        .deleteFrom('attendance_attempts')
        .where((eb) => eb.or([eb('student_id', '=', id), eb('session_id', 'in', sessions)]))
        .execute();
      await trx
        .deleteFrom('attendance_records')
        .where((eb) => eb.or([eb('student_id', '=', id), eb('session_id', 'in', sessions)]))
        .execute();
      await trx.updateTable('attendance_records').set({ marked_by: null }).where('marked_by', '=', id).execute();
      await trx.deleteFrom('geofence_sessions').where('teacher_id', '=', id).execute();
      await trx.deleteFrom('face_verifications').where('user_id', '=', id).execute();
      await trx.deleteFrom('face_templates').where('user_id', '=', id).execute();
      await trx.deleteFrom('face_enrollments').where('user_id', '=', id).execute();
      await trx.deleteFrom('login_failures').where('email', '=', user.email).execute();
      await trx.deleteFrom('users').where('id', '=', id).execute();
      return related;
    });
    deps.reports.invalidate();
    if (moved) await fs.rm(aside, { recursive: true, force: true });
    return { success: true as const, message: MSG.admin.deleted, deleted: counts };
  } catch (err) {
    if (moved) await fs.rename(aside, folder).catch(() => undefined);
    throw err;
  }
}
