import { GEOFENCE_FLAG_OUTSIDE } from '@shared/constants';
import type { DB } from '@server/db/connect';
import { isPostgres } from '@server/db/dialect';
import { bitsOf, FIXED_MASK, type FlagRefs, flagBit, parseRefs, refsJson } from './flag-bits';
import { relationalFlags, type SessionMark } from './relational-flags';

/**
 * Taken first by every transaction that writes a mark of the session: the flags of a session are recomputed from
 * all its marks, so two marks written at once on two PostgreSQL nodes must not each miss the other. NO KEY UPDATE
 * still lets other transactions insert records that reference the session. SQLite runs transactions one at a time.
 */
export async function lockSessionMarks(trx: DB, sessionId: number) {
  if (isPostgres(trx)) await trx.selectFrom('geofence_sessions').select('id').where('id', '=', sessionId).forNoKeyUpdate().execute();
}

/**
 * The flags fixed when a student's own mark is written: its bits and the refs their texts need. `stepIp` is where its
 * geofence step came from, `proofIp` where the face check it spends came from, `markIp` where the mark comes from: a
 * phone may move from Wi-Fi to mobile data between them, so any two that differ flag rather than refuse (issue 35).
 * `notFromBrowser`: the mark carries no device cookie of this server (a REST client) and the school flags that.
 */
export async function fixedFlags(
  trx: DB,
  args: {
    sessionId: number;
    studentId: number;
    roomCodeRequired: boolean;
    stepIp: string | null;
    proofIp: string | null;
    markIp: string | null;
    notFromBrowser: boolean;
  },
) {
  // A step this student tried from off the campus networks in this session, refused then (issue 35): the mark
  // itself came from campus, yet the first try did not (a phone on mobile data, or a try from home first).
  const offCampus = await trx
    .selectFrom('attendance_attempts')
    .select('id')
    .where('student_id', '=', args.studentId)
    .where('session_id', '=', args.sessionId)
    .where('off_campus', '=', 1)
    .limit(1)
    .executeTakeFirst();
  const checks = await trx
    .selectFrom('geofence_checks')
    .select('outside')
    .where('session_id', '=', args.sessionId)
    .where('student_id', '=', args.studentId)
    .executeTakeFirst();
  let bits = 0;
  const refs: FlagRefs = {};
  if (offCampus) bits |= flagBit('off_campus');
  const stepAddresses = new Set([args.stepIp, args.proofIp, args.markIp].filter((ip) => ip !== null));
  if (stepAddresses.size > 1) bits |= flagBit('different_networks');
  if (args.notFromBrowser) bits |= flagBit('not_from_browser');
  if (!args.roomCodeRequired) bits |= flagBit('no_room_code');
  if ((checks?.outside ?? 0) >= GEOFENCE_FLAG_OUTSIDE) {
    bits |= flagBit('outside_checks');
    refs.outside_checks = checks!.outside;
  }
  return { bits, refs };
}

/**
 * Recomputes the flags of every mark of the session after one was written or changed, and stores those that
 * changed with a new updated_at (the admin reports' facts read changed rows by it). Only a student's own present
 * mark carries flags: a manual or automatic one has none and raises none on others.
 */
export async function refreshSessionFlags(trx: DB, sessionId: number, now: Date, opts: { sameAddress: boolean }) {
  const rows = await trx
    .selectFrom('attendance_records')
    .select([
      'id',
      'student_id',
      'status',
      'manual_override',
      'device_id',
      'ip',
      'marked_at',
      'latitude',
      'longitude',
      'accuracy_m',
      'mark_flags',
      'mark_flag_refs',
    ])
    .where('session_id', '=', sessionId)
    .execute();
  // A late mark is an own mark too (issue 24): it is flagged like a present one.
  const own = (r: (typeof rows)[number]) => (r.status === 'present' || r.status === 'late') && r.manual_override === 0;
  const marks: SessionMark[] = rows.filter(own).map((r) => ({ ...r, at: Date.parse(r.marked_at) }));
  const relational = relationalFlags(marks, opts);
  for (const r of rows) {
    const stored = parseRefs(r.mark_flag_refs);
    const refs: FlagRefs = own(r) ? { ...relational.get(r.id), ...(stored.outside_checks === undefined ? {} : { outside_checks: stored.outside_checks }) } : {};
    const bits = own(r) ? bitsOf(r.mark_flags & FIXED_MASK, refs) : 0;
    const json = refsJson(refs);
    if (bits === r.mark_flags && json === r.mark_flag_refs) continue;
    await trx.updateTable('attendance_records').set({ mark_flags: bits, mark_flag_refs: json, updated_at: now.toISOString() }).where('id', '=', r.id).execute();
  }
}
