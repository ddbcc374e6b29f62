import { deviceLabel } from '@shared/device-label';
import type { TAttendanceFilter } from '@shared/schemas/admin';
import type { DB } from '@server/db/connect';
import { filteredRecords } from './attendance-filter';
import type { AppDeps } from '@server/deps';
import { flagsOf, namesForFlags } from '../attendance/index';
import { type FaceTries, faceTriesOfSessions } from '../faces/index';

/** A record's columns that say how it was marked and where, which both the detail view and its CSV show. */
export const MARK_COLUMNS = [
  'r.status',
  'r.geofencing_status',
  'r.face_recognition_status',
  'r.manual_override',
  'r.marked_by',
  'r.latitude',
  'r.longitude',
  'r.radius_m',
] as const;

/** The record and session columns a detail row (SPEC 3) is made of; names come from userNames (no per-row join). */
export function detailRecords(db: DB, f: TAttendanceFilter) {
  return filteredRecords(db, f).select([
    'r.id',
    'r.marked_at',
    'r.session_id',
    'r.student_id',
    's.teacher_id',
    ...MARK_COLUMNS,
    'r.ip',
    'r.user_agent',
    'r.accuracy_m',
    'r.mark_flags',
    'r.mark_flag_refs',
    's.radius_m as session_radius_m',
    's.started_at',
    's.ends_at',
    's.ended_at',
  ]);
}

export type DetailRecord = Awaited<ReturnType<ReturnType<typeof detailRecords>['execute']>>[number];

/** Every user's name by id: a few thousand entries, read once per export instead of three joins per row. */
export async function userNames(db: DB, ids?: number[]) {
  let q = db.selectFrom('users').select(['id', 'username']);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
  return new Map((await q.execute()).map((u) => [u.id, u.username]));
}

/**
 * SPEC 3's attendance detail row; mode is derived (SPEC 4): a location check means Offline. `names` also holds the
 * students its flags name; `tries` the student's live face check tries in the record's session (issue 35), if any.
 */
export function toDetailRow(r: DetailRecord, names: Map<number, string>, tries: FaceTries | null = null) {
  return {
    id: r.id,
    date: r.marked_at,
    status: r.status,
    mode: r.geofencing_status ? ('offline' as const) : ('online' as const),
    geofencing_status: r.geofencing_status,
    face_recognition_status: r.face_recognition_status,
    manual_override: r.manual_override === 1,
    marked_by: r.marked_by === null ? null : (names.get(r.marked_by) ?? null),
    latitude: r.latitude,
    longitude: r.longitude,
    radius: r.radius_m ?? r.session_radius_m,
    session_start: r.started_at,
    session_end: r.ended_at ?? r.ends_at,
    // Where a student's own mark came from; null on manual and automatic marks.
    ip: r.ip,
    device: deviceLabel(r.user_agent),
    accuracy_m: r.accuracy_m,
    flags: flagsOf(r.mark_flags, r.mark_flag_refs, names),
    /** The live face check's tries in the session (started, failed, abandoned); null when none was started. */
    face_tries: tries,
  };
}

/** Most detail rows one popup lists; the CSV export has no such limit. */
export const DETAIL_LIST_MAX = 2_000;

/** Every record of one teacher and student pair within the filter, newest first. */
export async function pairDetail({ db }: Pick<AppDeps, 'db'>, f: TAttendanceFilter, pair: { teacher: number; student: number }) {
  const rows = await detailRecords(db, { ...f, teacher: pair.teacher, student: pair.student })
    .orderBy('r.marked_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(DETAIL_LIST_MAX)
    .execute();
  const markers = await userNames(db, [...new Set(rows.flatMap((r) => (r.marked_by === null ? [] : [r.marked_by])))]);
  const names = await namesForFlags(
    db,
    rows.map((r) => r.mark_flag_refs),
    markers,
  );
  const tries = await faceTriesOfSessions(
    db,
    rows.map((r) => r.session_id),
    [pair.student],
  );
  return rows.map((r) => toDetailRow(r, names, tries.get(r.session_id)?.get(r.student_id) ?? null));
}
