import type { AuthUser } from '@server/auth/authenticate';
import type { DB } from '@server/db/connect';
import type { AppDeps } from '@server/deps';
import { removeStoredImages, storeFaceImages } from '../face-image-files';

/** The still's file name prefix under faces/<student>/, apart from enrolled photos and face changes. */
const STILL_PREFIX = 'still-';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * Issue 39: keeps a refused face check's still (the engine's best frame, FaceVerdict.still) for the teacher who may
 * review the refusal: only while the student, unmarked and without a closed request, is in an open session of their
 * department; the last refusal's replaces the one before. The verdict was given before: this only files a copy.
 */
export async function keepRefusalStill(deps: Deps, student: Pick<AuthUser, 'id' | 'department_id'>, still: Buffer | undefined) {
  if (!still || !student.department_id) return;
  const session = await deps.db
    .selectFrom('geofence_sessions as s')
    .leftJoin('attendance_records as r', (j) => j.onRef('r.session_id', '=', 's.id').on('r.student_id', '=', student.id))
    .leftJoin('review_requests as q', (j) => j.onRef('q.session_id', '=', 's.id').on('q.student_id', '=', student.id))
    .leftJoin('review_stills as k', (j) => j.onRef('k.session_id', '=', 's.id').on('k.student_id', '=', student.id))
    .select(['s.id', 'r.id as record_id', 'q.status as request_status', 'k.image_path as kept_path'])
    .where('s.department_id', '=', student.department_id)
    .where('s.ended_at', 'is', null)
    .orderBy('s.started_at', 'desc')
    .executeTakeFirst();
  if (!session || session.record_id !== null || (session.request_status !== null && session.request_status !== 'open')) return;
  const [image_path] = await storeFaceImages(deps.config.uploadsDir, student.id, [still], STILL_PREFIX);
  await deps.db
    .insertInto('review_stills')
    .values({ session_id: session.id, student_id: student.id, image_path, created_at: deps.clock.now().toISOString() })
    .onConflict((oc) => oc.columns(['session_id', 'student_id']).doUpdateSet({ image_path, created_at: deps.clock.now().toISOString() }))
    .execute();
  if (session.kept_path) await removeStoredImages(deps.config.uploadsDir, [session.kept_path]);
}

/**
 * Deletes the stills no request needs any more, file and row: their session ended, their request was decided or
 * resolved, or the student was marked without asking. Called after whatever closed them committed (a decision, a
 * mark, a session's end); a still found spent by another node's call is simply gone.
 */
export async function removeSpentStills(deps: { db: DB; config: { uploadsDir: string } }) {
  const spent = await deps.db
    .selectFrom('review_stills as k')
    .innerJoin('geofence_sessions as s', 's.id', 'k.session_id')
    .leftJoin('review_requests as q', (j) => j.onRef('q.session_id', '=', 'k.session_id').onRef('q.student_id', '=', 'k.student_id'))
    .leftJoin('attendance_records as r', (j) => j.onRef('r.session_id', '=', 'k.session_id').onRef('r.student_id', '=', 'k.student_id'))
    .select(['k.id', 'k.image_path'])
    .where((eb) => eb.or([eb('s.ended_at', 'is not', null), eb('q.status', '!=', 'open'), eb('r.id', 'is not', null)]))
    .execute();
  if (!spent.length) return;
  await removeStoredImages(
    deps.config.uploadsDir,
    spent.map((k) => k.image_path),
  );
  await deps.db
    .deleteFrom('review_stills')
    .where(
      'id',
      'in',
      spent.map((k) => k.id),
    )
    .execute();
}
