import type { TAttendanceDetailsInput, TAttendanceFilter } from '../../../shared/schemas/admin';
import type { DB } from '../../db/connect';
import { attendanceFacts, F_FACE_FAIL, F_FACE_OK, F_GEO_INVALID, F_GEO_VALID, F_MANUAL, F_PRESENT, type Facts } from './attendance-facts';
import { filterKey } from './attendance-filter';
import { kolkataDayEnd, kolkataDayStart } from './kolkata-time';

/** SPEC 3's attendance summary row for one teacher and student pair (names are added per page). */
interface PairTotals {
  teacher_id: number;
  student_id: number;
  total_present: number;
  total_absent: number;
  geofencing_success: number;
  geofencing_fail: number;
  face_success: number;
  face_fail: number;
  manual_count: number;
  total_attendance: number;
  /** Seconds since the epoch of the pair's latest record. */
  last: number;
}

interface Aggregate {
  pairs: PairTotals[];
  charts: { present: number; absent: number; geoOk: number; geoFail: number; faceOk: number; faceFail: number; manual: number; total: number };
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** One pass over the facts: the filter of attendance-filter.ts, applied to the in-memory columns. */
function aggregate(f: Facts, q: TAttendanceFilter): Aggregate {
  const from = q.start_date ? seconds(kolkataDayStart(q.start_date)) : 0;
  const to = q.end_date ? seconds(kolkataDayEnd(q.end_date)) : 2 ** 32;
  const geoMask = F_GEO_VALID | F_GEO_INVALID;
  const byKey = new Map<number, PairTotals>();
  const c = { present: 0, absent: 0, geoOk: 0, geoFail: 0, faceOk: 0, faceFail: 0, manual: 0, total: 0 };
  for (let i = 0; i < f.n; i++) {
    const at = f.at[i];
    if (at < from || at >= to) continue;
    const student = f.student[i];
    if (q.student && student !== q.student) continue;
    const session = f.session[i];
    const teacher = f.sessionTeacher[session];
    if (q.teacher && teacher !== q.teacher) continue;
    if (q.department_id && f.sessionDepartment[session] !== q.department_id) continue;
    const flags = f.flags[i];
    if (q.mode === 'offline' && !(flags & geoMask)) continue;
    if (q.mode === 'online' && flags & geoMask) continue;
    const key = teacher * 67_108_864 + student;
    let p = byKey.get(key);
    if (!p) {
      p = { teacher_id: teacher, student_id: student, total_present: 0, total_absent: 0, geofencing_success: 0, geofencing_fail: 0, face_success: 0, face_fail: 0, manual_count: 0, total_attendance: 0, last: 0 };
      byKey.set(key, p);
    }
    const present = flags & F_PRESENT ? 1 : 0;
    p.total_present += present;
    p.total_absent += 1 - present;
    if (flags & F_GEO_VALID) p.geofencing_success++;
    if (flags & F_GEO_INVALID) p.geofencing_fail++;
    if (flags & F_FACE_OK) p.face_success++;
    if (flags & F_FACE_FAIL) p.face_fail++;
    if (flags & F_MANUAL) p.manual_count++;
    p.total_attendance++;
    if (at > p.last) p.last = at;
  }
  const pairs = [...byKey.values()];
  for (const p of pairs) {
    c.present += p.total_present;
    c.absent += p.total_absent;
    c.geoOk += p.geofencing_success;
    c.geoFail += p.geofencing_fail;
    c.faceOk += p.face_success;
    c.faceFail += p.face_fail;
    c.manual += p.manual_count;
    c.total += p.total_attendance;
  }
  // Most recently marked first; ties in a fixed order so pages never overlap.
  pairs.sort((a, b) => b.last - a.last || a.teacher_id - b.teacher_id || a.student_id - b.student_id);
  return { pairs, charts: c };
}

/** Recent aggregates by filter, valid while the facts keep their version: paging through one filter costs one pass. */
const cache = new WeakMap<DB, Map<string, { version: number; value: Aggregate }>>();
const CACHE_ENTRIES = 8;

async function aggregateFor(db: DB, q: TAttendanceFilter): Promise<Aggregate> {
  const facts = await attendanceFacts(db);
  const entries = cache.get(db) ?? new Map<string, { version: number; value: Aggregate }>();
  cache.set(db, entries);
  const key = filterKey(q);
  const hit = entries.get(key);
  if (hit && hit.version === facts.version) return hit.value;
  const value = aggregate(facts, q);
  entries.delete(key);
  entries.set(key, { version: facts.version, value });
  if (entries.size > CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
  return value;
}

async function withNames(db: DB, pairs: PairTotals[]) {
  const ids = [...new Set(pairs.flatMap((p) => [p.teacher_id, p.student_id]))];
  const names = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const u of await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids.slice(i, i + 500)).execute()) names.set(u.id, u.username);
  }
  return pairs.map(({ last, ...p }) => ({
    ...p,
    teacher_name: names.get(p.teacher_id) ?? '',
    student_name: names.get(p.student_id) ?? '',
    system_count: p.total_attendance - p.manual_count,
    last_marked_at: new Date(last * 1000).toISOString(),
  }));
}

/** Every pair of the filter with names, newest first (asc: oldest first). */
export async function pairRows(db: DB, q: TAttendanceFilter, sort: 'asc' | 'desc' = 'desc') {
  const { pairs } = await aggregateFor(db, q);
  return withNames(db, sort === 'asc' ? [...pairs].reverse() : pairs);
}

/** One page of pairs (SPEC 3's paged result) and how many pairs the filter has in all. */
export async function attendancePairsPage(db: DB, input: TAttendanceDetailsInput) {
  const { pairs } = await aggregateFor(db, input);
  const start = (input.page - 1) * input.limit;
  const slice = input.sort === 'asc' ? pairs.slice(Math.max(0, pairs.length - start - input.limit), pairs.length - start).reverse() : pairs.slice(start, start + input.limit);
  return { data: await withNames(db, slice), total_records: pairs.length, current_page: input.page };
}

/** Totals for the three charts over the whole filtered range (not a page of it). */
export async function attendanceChartTotals(db: DB, q: TAttendanceFilter) {
  const { charts: c } = await aggregateFor(db, q);
  return {
    present: c.present,
    absent: c.absent,
    geofence: { success: c.geoOk, fail: c.geoFail },
    face: { success: c.faceOk, fail: c.faceFail },
    manual: c.manual,
    system: c.total - c.manual,
    total: c.total,
  };
}
