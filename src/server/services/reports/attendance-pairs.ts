import { nameOrEmailContains } from '@server/db/dialect';
import type { TAttendanceDetailsInput, TAttendanceFilter, TPairSort } from '@shared/schemas/admin';
import { F_EXCUSED, F_FACE_FAIL, F_FACE_OK, F_FLAGGED, F_GEO_INVALID, F_GEO_VALID, F_LATE, F_MANUAL, F_PRESENT, type Facts } from './attendance-facts';
import { filterKey } from './attendance-filter';
import { kolkataDayEnd, kolkataDayStart } from '@shared/kolkata-time';
import type { DB } from '@server/db/connect';
import type { Clock } from '@server/lib/clock';
import { computeStanding, type RuleTerms } from '@shared/attendance/attendance-standing';
import { ruleInForce } from './attendance-rule/rule-settings';
import type { CachedAggregate, ReportCache } from './report-cache';

/**
 * Counters per pair, in one typed array: PRESENT (attended: present or late), ABSENT (absent only), GEO_OK, GEO_FAIL,
 * FACE_OK, FACE_FAIL, MANUAL, TOTAL, FLAGGED, LATE (of the attended), EXCUSED (neither attended nor absent).
 */
const K = 11;
const [PRESENT, ABSENT, GEO_OK, GEO_FAIL, FACE_OK, FACE_FAIL, MANUAL, TOTAL, FLAGGED, LATE, EXCUSED] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/**
 * A pair's attendance rate over its records, by the attendance rule's own arithmetic (excused records leave the count,
 * a late one counts as the rule says), so the summary's rate reads as the rate the rule card gives; null when none counts.
 */
function pairRate(agg: CachedAggregate, p: number, rule: RuleTerms) {
  const c = (k: number) => agg.counts[p * K + k];
  return computeStanding({ held: c(TOTAL), present: c(PRESENT) - c(LATE), late: c(LATE), excused: c(EXCUSED) }, rule).rate;
}

/** Flagged present marks as a share of present marks, 0..100 to one decimal; null without a present mark. */
const flaggedRate = (flagged: number, present: number) => (present ? Math.round((flagged / present) * 1000) / 10 : null);

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** One pass over the facts with the filter of attendance-filter.ts applied to the in-memory columns. */
function aggregate(f: Facts, q: TAttendanceFilter): CachedAggregate {
  const from = q.start_date ? seconds(kolkataDayStart(q.start_date)) : 0;
  const to = q.end_date ? seconds(kolkataDayEnd(q.end_date)) : 2 ** 32;
  const geoMask = F_GEO_VALID | F_GEO_INVALID;
  // Plain locals in the hot loop.
  const wantStudent = q.student ?? 0;
  const wantTeacher = q.teacher ?? 0;
  const wantDepartment = q.department_id ?? 0;
  const offline = q.mode === 'offline';
  const online = q.mode === 'online';
  const flaggedOnly = Boolean(q.flagged);
  const n = f.n;
  const counts = new Int32Array(f.pairs * K);
  const last = new Uint32Array(f.pairs);
  const { at, student, session, flags, pair, sessionTeacher, sessionDepartment } = f;
  const sessionSeen = new Uint8Array(sessionTeacher.length);
  let sessions = 0;
  for (let i = 0; i < n; i++) {
    const t = at[i];
    if (t < from || t >= to) continue;
    if (wantStudent && student[i] !== wantStudent) continue;
    if (wantTeacher && sessionTeacher[session[i]] !== wantTeacher) continue;
    if (wantDepartment && sessionDepartment[session[i]] !== wantDepartment) continue;
    const fl = flags[i];
    if (offline && !(fl & geoMask)) continue;
    if (online && fl & geoMask) continue;
    if (flaggedOnly && !(fl & F_FLAGGED)) continue;
    const p = pair[i];
    const b = p * K;
    counts[b + (fl & F_PRESENT ? PRESENT : fl & F_EXCUSED ? EXCUSED : ABSENT)]++;
    if (fl & F_LATE) counts[b + LATE]++;
    if (fl & F_GEO_VALID) counts[b + GEO_OK]++;
    if (fl & F_GEO_INVALID) counts[b + GEO_FAIL]++;
    if (fl & F_FACE_OK) counts[b + FACE_OK]++;
    if (fl & F_FACE_FAIL) counts[b + FACE_FAIL]++;
    if (fl & F_MANUAL) counts[b + MANUAL]++;
    if (fl & F_FLAGGED) counts[b + FLAGGED]++;
    counts[b + TOTAL]++;
    if (t > last[p]) last[p] = t;
    if (!sessionSeen[session[i]]) {
      sessionSeen[session[i]] = 1;
      sessions++;
    }
  }
  const totals = new Int32Array(K);
  const seen: number[] = [];
  for (let p = 0; p < f.pairs; p++) {
    if (!counts[p * K + TOTAL]) continue;
    seen.push(p);
    for (let k = 0; k < K; k++) totals[k] += counts[p * K + k];
  }
  // Most recently marked first; ties by pair index so pages never overlap. Packed into one number per pair so the
  // sort is a native numeric one (a comparator over 100,000 pairs costs tens of milliseconds).
  let order: Int32Array | null = null;
  const sorted = () => {
    if (order) return order;
    const keys = new Float64Array(seen.length);
    for (let i = 0; i < seen.length; i++) keys[i] = last[seen[i]] * 2 ** 21 + (2 ** 21 - 1 - seen[i]);
    keys.sort();
    order = new Int32Array(keys.length);
    for (let i = 0; i < keys.length; i++) order[i] = 2 ** 21 - 1 - (keys[keys.length - 1 - i] % 2 ** 21);
    return order;
  };
  return { order: sorted, counts, last, totals, sessions };
}

/** What the reports read: the database and the report cache (not deps.ts, which holds the cache's type). */
type Deps = { db: DB; reports: ReportCache; clock: Clock };

/** The filter's aggregate over the current facts: paging through one filter costs one pass while no record changes. */
async function aggregateFor({ reports }: Pick<Deps, 'reports'>, q: TAttendanceFilter) {
  const facts = await reports.facts();
  const key = filterKey(q);
  const hit = reports.aggregate(key, facts.version);
  if (hit) return { facts, agg: hit };
  const agg = aggregate(facts, q);
  reports.remember(key, facts.version, agg);
  return { facts, agg };
}

/** SPEC 3's attendance summary rows (with the ids) for the given pair indexes. */
async function pairRowsOf(db: DB, f: Facts, agg: CachedAggregate, pairs: Int32Array | number[], rule: RuleTerms) {
  const ids = [...new Set([...pairs].flatMap((p) => [f.pairTeacher[p], f.pairStudent[p]]))];
  const names = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const u of await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute())
      names.set(u.id, u.username);
  }
  return [...pairs].map((p) => {
    const c = (k: number) => agg.counts[p * K + k];
    return {
      teacher_id: f.pairTeacher[p],
      teacher_name: names.get(f.pairTeacher[p]) ?? '',
      student_id: f.pairStudent[p],
      student_name: names.get(f.pairStudent[p]) ?? '',
      total_present: c(PRESENT),
      total_absent: c(ABSENT),
      // Issue 24: total_present counts late marks (attended); excused is neither present nor absent.
      total_late: c(LATE),
      total_excused: c(EXCUSED),
      geofencing_success: c(GEO_OK),
      geofencing_fail: c(GEO_FAIL),
      face_success: c(FACE_OK),
      face_fail: c(FACE_FAIL),
      total_attendance: c(TOTAL),
      manual_count: c(MANUAL),
      system_count: c(TOTAL) - c(MANUAL),
      // Issue 19: how often this student's marks needed a second look, so a pattern shows.
      flagged_marks: c(FLAGGED),
      flagged_rate: flaggedRate(c(FLAGGED), c(PRESENT)),
      attendance_rate: pairRate(agg, p, rule),
      last_marked_at: new Date(agg.last[p] * 1000).toISOString(),
    };
  });
}

/** Whose name or email contains `q` (any case): the students a summary search keeps. */
async function studentsMatching(db: DB, q: string) {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'student').where(nameOrEmailContains(q)).execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * The filter's pairs in the asked order, kept to the students `q` finds: newest first (SPEC 4), oldest first (asc), or
 * by attendance rate (issue 36; a stable sort, so equal rates stay newest first, and pairs with no rate go last).
 */
async function orderedPairs(db: DB, f: Facts, agg: CachedAggregate, sort: TPairSort, rule: RuleTerms, q?: string): Promise<number[]> {
  let pairs = sort === 'asc' ? [...agg.order()].reverse() : [...agg.order()];
  if (q) {
    const students = await studentsMatching(db, q);
    pairs = pairs.filter((p) => students.has(f.pairStudent[p]));
  }
  if (sort === 'rate_asc' || sort === 'rate_desc') {
    const sign = sort === 'rate_asc' ? 1 : -1;
    const rates = new Map(pairs.map((p) => [p, pairRate(agg, p, rule)]));
    pairs.sort((a, b) => {
      const [x, y] = [rates.get(a) ?? null, rates.get(b) ?? null];
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return sign * (x - y);
    });
  }
  return pairs;
}

/** Every pair of the filter with names, newest first (asc: oldest first; by rate; only students matching q). */
export async function pairRows(deps: Deps, q: TAttendanceFilter, sort: TPairSort = 'desc', search?: string) {
  const { facts, agg } = await aggregateFor(deps, q);
  const rule = await ruleInForce(deps);
  return pairRowsOf(deps.db, facts, agg, await orderedPairs(deps.db, facts, agg, sort, rule, search), rule);
}

/** One page of pairs (SPEC 3's paged result) and how many pairs the filter (and the search) has in all. */
export async function attendancePairsPage(deps: Deps, input: TAttendanceDetailsInput) {
  const { facts, agg } = await aggregateFor(deps, input);
  const rule = await ruleInForce(deps);
  if (!input.q && (input.sort === 'asc' || input.sort === 'desc')) {
    // The common case stays a slice of the cached order: no copy of 100,000 pair indexes per page.
    const order = agg.order();
    const n = order.length;
    const start = (input.page - 1) * input.limit;
    const slice =
      input.sort === 'asc'
        ? [...order.subarray(Math.max(0, n - start - input.limit), Math.max(0, n - start))].reverse()
        : [...order.subarray(start, start + input.limit)];
    return { data: await pairRowsOf(deps.db, facts, agg, slice, rule), total_records: n, current_page: input.page };
  }
  const pairs = await orderedPairs(deps.db, facts, agg, input.sort, rule, input.q);
  const start = (input.page - 1) * input.limit;
  return { data: await pairRowsOf(deps.db, facts, agg, pairs.slice(start, start + input.limit), rule), total_records: pairs.length, current_page: input.page };
}

/** Totals for the three charts over the whole filtered range (not a page of it). */
export async function attendanceChartTotals(deps: Pick<Deps, 'reports'>, q: TAttendanceFilter) {
  const t = (await aggregateFor(deps, q)).agg.totals;
  return {
    present: t[PRESENT],
    absent: t[ABSENT],
    late: t[LATE],
    excused: t[EXCUSED],
    geofence: { success: t[GEO_OK], fail: t[GEO_FAIL] },
    face: { success: t[FACE_OK], fail: t[FACE_FAIL] },
    manual: t[MANUAL],
    system: t[TOTAL] - t[MANUAL],
    total: t[TOTAL],
    flagged: t[FLAGGED],
  };
}

/** The dashboard cards' numbers over the filtered range: records, flagged marks and the sessions they belong to. */
export async function attendanceCardTotals(deps: Pick<Deps, 'reports'>, q: TAttendanceFilter) {
  const { agg } = await aggregateFor(deps, q);
  return { total: agg.totals[TOTAL], flagged: agg.totals[FLAGGED], sessions: agg.sessions };
}
