import { sql } from 'kysely';
import type { DB } from '@server/db/connect';

/**
 * The attendance table as compact columns in memory (about 18 bytes a record: 18 MB for a million), so the admin
 * reports aggregate any filter in one pass instead of a GROUP BY over the whole table (seconds at a million rows).
 *
 * Kept current incrementally: rows whose updated_at moved (new marks, manual changes, auto-absent) are read by the
 * updated_at index on each use; deletions (a cascade delete) call invalidate, and a full recount every
 * RECOUNT_MS catches deletions made by another process or node. One store per database handle, owned by the app's
 * deps (deps.reports, report-cache.ts): no module state, so every test app and every node has its own.
 */
export interface Facts {
  n: number;
  ids: Int32Array;
  session: Int32Array;
  student: Int32Array;
  /** marked_at, seconds since the epoch. */
  at: Uint32Array;
  flags: Uint16Array;
  /** How many records have F_FLAGGED (the summary card), kept by every write of `flags`. */
  flagged: number;
  /** Per record: the index of its teacher and student pair in pairTeacher/pairStudent (fixed once assigned). */
  pair: Int32Array;
  pairTeacher: Int32Array;
  pairStudent: Int32Array;
  pairs: number;
  /** Indexed by session id (sessions are never renumbered): its teacher and department, 0 when unknown. */
  sessionTeacher: Int32Array;
  sessionDepartment: Int32Array;
  /** Bumped whenever a record changes, so results computed from an older version are not reused. */
  version: number;
  /**
   * What each version changed, oldest first, so a tally kept beside the facts (standing-tallies.ts) catches up by
   * the changed records instead of a pass over all of them. Complete for every version after `changesFrom`.
   */
  changes: FactChange[];
  changesFrom: number;
}

/** One record's change: its index in the facts and what it held before (`flags` -1: the record is new). */
export interface FactChange {
  version: number;
  index: number;
  flags: number;
  at: number;
}

/** Changes kept: beyond this a tally that fell behind recounts (a refresh that changed this many is a bulk write). */
const CHANGES_KEPT = 50_000;

/** Attended: present or late (issue 24: late counts as present unless the administrator says otherwise). */
export const F_PRESENT = 1;
export const F_GEO_VALID = 2;
export const F_GEO_INVALID = 4;
export const F_FACE_OK = 8;
export const F_FACE_FAIL = 16;
export const F_MANUAL = 32;
/** A present mark with issue 19 flags (attendance_records.mark_flags). */
export const F_FLAGGED = 64;
/** Issue 24: a late mark (F_PRESENT is set too: it is attended in the reports) and an excused absence (neither present nor absent in the counts). */
export const F_LATE = 128;
export const F_EXCUSED = 256;

const RECOUNT_MS = 30_000;

interface State {
  facts: Facts;
  maxUpdated: string;
  maxSession: number;
  recountedAt: number;
  pairKeys: Map<number, number>;
  /** Ids already read whose updated_at equals maxUpdated (many rows share one: an auto-absent batch, a seed). */
  idsAtMax: Set<number>;
}

type Row = { id: number; session_id: number; student_id: number; marked_at: string; flags: number };

/** The record's flags computed by the database (portable CASE arithmetic): one integer instead of four strings a row. */
const flagsSql = sql<number>`(case when status in ('present', 'late') then ${sql.lit(F_PRESENT)} else 0 end)
  + (case when status = 'late' then ${sql.lit(F_LATE)} when status = 'excused' then ${sql.lit(F_EXCUSED)} else 0 end)
  + (case when geofencing_status = 'valid' then ${sql.lit(F_GEO_VALID)} when geofencing_status = 'invalid' then ${sql.lit(F_GEO_INVALID)} else 0 end)
  + (case when face_recognition_status = 'verified' then ${sql.lit(F_FACE_OK)} when face_recognition_status is not null then ${sql.lit(F_FACE_FAIL)} else 0 end)
  + (case when manual_override = 1 then ${sql.lit(F_MANUAL)} else 0 end)
  + (case when status in ('present', 'late') and mark_flags <> 0 then ${sql.lit(F_FLAGGED)} else 0 end)`;

const recordColumns = ['id', 'session_id', 'student_id', 'marked_at', flagsSql.as('flags')] as const;

/** The latest updated_at: changes after it are what the next refresh reads. */
async function latestUpdate(db: DB): Promise<string> {
  const row = await db.selectFrom('attendance_records').select(sql<string | null>`max(updated_at)`.as('m')).executeTakeFirst();
  return row?.m ?? '';
}

function grow(f: Facts, need: number) {
  if (need <= f.ids.length) return;
  const size = Math.max(need, Math.ceil(f.ids.length * 1.5) + 1024);
  const copy = <T extends Int32Array | Uint32Array | Uint16Array>(a: T, C: new (n: number) => T) => {
    const b = new C(size);
    b.set(a.subarray(0, f.n));
    return b;
  };
  f.ids = copy(f.ids, Int32Array);
  f.session = copy(f.session, Int32Array);
  f.student = copy(f.student, Int32Array);
  f.at = copy(f.at, Uint32Array);
  f.flags = copy(f.flags, Uint16Array);
  f.pair = copy(f.pair, Int32Array);
}

/** The pair index of a teacher and student, numbering new pairs as they appear. */
/** A copy of `a` with room for `size` entries: a typed array cannot grow in place. */
function grown(a: Int32Array, size: number): Int32Array {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

function pairOf(state: State, teacher: number, student: number): number {
  const key = teacher * 67_108_864 + student;
  let p = state.pairKeys.get(key);
  if (p === undefined) {
    const f = state.facts;
    p = f.pairs++;
    if (p >= f.pairTeacher.length) {
      const size = Math.ceil(p * 1.5) + 1024;
      f.pairTeacher = grown(f.pairTeacher, size);
      f.pairStudent = grown(f.pairStudent, size);
    }
    f.pairTeacher[p] = teacher;
    f.pairStudent[p] = student;
    state.pairKeys.set(key, p);
  }
  return p;
}

function put(state: State, i: number, r: Row) {
  const f = state.facts;
  f.pair[i] = pairOf(state, f.sessionTeacher[r.session_id] ?? 0, r.student_id);
  f.ids[i] = r.id;
  f.session[i] = r.session_id;
  f.student[i] = r.student_id;
  f.at[i] = Math.floor(Date.parse(r.marked_at) / 1000);
  // A slot past n is still zero (grow copies into zeroed arrays), so a new record only adds.
  f.flagged += (r.flags & F_FLAGGED ? 1 : 0) - (f.flags[i] & F_FLAGGED ? 1 : 0);
  f.flags[i] = r.flags;
}

function indexOf(f: Facts, id: number): number {
  let lo = 0;
  let hi = f.n - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (f.ids[mid] === id) return mid;
    if (f.ids[mid] < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

async function loadSessions(db: DB, state: State) {
  const rows = await db
    .selectFrom('geofence_sessions')
    .select(['id', 'teacher_id', 'department_id'])
    .where('id', '>', state.maxSession)
    .orderBy('id')
    .execute();
  const f = state.facts;
  const last = rows.at(-1)?.id ?? 0;
  if (last >= f.sessionTeacher.length) {
    f.sessionTeacher = grown(f.sessionTeacher, last + 1024);
    f.sessionDepartment = grown(f.sessionDepartment, last + 1024);
  }
  for (const s of rows) {
    f.sessionTeacher[s.id] = s.teacher_id;
    f.sessionDepartment[s.id] = s.department_id;
    state.maxSession = s.id;
  }
}

const BATCH = 20_000;

/** A record may name a session started after the sessions were read: read the new ones before using it. */
async function knowSessionsOf(db: DB, state: State, rows: Row[]) {
  if (rows.some((r) => r.session_id > state.maxSession)) await loadSessions(db, state);
}

async function fullLoad(db: DB, now: number, version: number): Promise<State> {
  const empty = () => ({
    n: 0,
    ids: new Int32Array(0),
    session: new Int32Array(0),
    student: new Int32Array(0),
    at: new Uint32Array(0),
    flags: new Uint16Array(0),
    pair: new Int32Array(0),
  });
  const facts: Facts = {
    ...empty(),
    flagged: 0,
    pairTeacher: new Int32Array(0),
    pairStudent: new Int32Array(0),
    pairs: 0,
    sessionTeacher: new Int32Array(0),
    sessionDepartment: new Int32Array(0),
    version,
    changes: [],
    changesFrom: version,
  };
  // Read before the rows: a change made while they load is read again by the next refresh.
  const state: State = { facts, maxUpdated: await latestUpdate(db), maxSession: 0, recountedAt: now, pairKeys: new Map(), idsAtMax: new Set() };
  // Sessions first: a record's pair is its session's teacher and its student.
  await loadSessions(db, state);
  // Keyset batches by id: the database serves other requests in between.
  let after = 0;
  for (;;) {
    const rows = (await db.selectFrom('attendance_records').select(recordColumns).where('id', '>', after).orderBy('id').limit(BATCH).execute()) as Row[];
    await knowSessionsOf(db, state, rows);
    grow(facts, facts.n + rows.length);
    for (const r of rows) {
      put(state, facts.n++, r);
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].id;
  }
  return state;
}

async function refresh(db: DB, state: State, nextVersion: () => number) {
  await loadSessions(db, state);
  // Ids first, from the updated_at index alone (no ORDER BY: with one, SQLite walks the table in id order instead);
  // then the full rows of those not already read at the newest timestamp.
  const stamps = await db.selectFrom('attendance_records').select(['id', 'updated_at']).where('updated_at', '>=', state.maxUpdated).execute();
  const fresh = stamps.filter((r) => !(r.updated_at === state.maxUpdated && state.idsAtMax.has(r.id)));
  for (const r of fresh) {
    if (r.updated_at > state.maxUpdated) {
      state.maxUpdated = r.updated_at;
      state.idsAtMax.clear();
    }
  }
  for (const r of stamps) if (r.updated_at === state.maxUpdated) state.idsAtMax.add(r.id);
  const changed: Row[] = [];
  for (let i = 0; i < fresh.length; i += 500) {
    changed.push(
      ...((await db
        .selectFrom('attendance_records')
        .select(recordColumns)
        .where(
          'id',
          'in',
          fresh.slice(i, i + 500).map((r) => r.id),
        )
        .execute()) as Row[]),
    );
  }
  changed.sort((a, b) => a.id - b.id);
  await knowSessionsOf(db, state, changed);
  const f = state.facts;
  const log: Omit<FactChange, 'version'>[] = [];
  for (const r of changed) {
    const at = indexOf(f, r.id);
    if (at >= 0) {
      const before = { index: at, flags: f.flags[at], at: f.at[at] };
      put(state, at, r);
      // A moved marked_at matters too: the standings show the last present mark.
      if (before.flags !== f.flags[at] || before.at !== f.at[at]) log.push(before);
    } else if (f.n === 0 || r.id > f.ids[f.n - 1]) {
      grow(f, f.n + 1);
      log.push({ index: f.n, flags: -1, at: 0 });
      put(state, f.n++, r);
    }
  }
  if (!log.length) return;
  const version = nextVersion();
  f.version = version;
  for (const c of log) f.changes.push({ version, ...c });
  if (f.changes.length > CHANGES_KEPT) {
    const dropped = f.changes.splice(0, f.changes.length - CHANGES_KEPT / 2);
    f.changesFrom = dropped.at(-1)!.version;
  }
}

export interface FactsStore {
  /** The current facts: loaded on first use (concurrent callers share the load), then brought up to date on each call. */
  current(now?: number): Promise<Facts>;
  /** After deleting records: the next call reloads from the database. */
  invalidate(): void;
}

export function createFactsStore(db: DB): FactsStore {
  let state: State | undefined;
  let loading: Promise<State> | undefined;
  // Versions only grow, across reloads too: an aggregate of older facts is never taken for a current one.
  let version = 0;
  const nextVersion = () => ++version;
  // Bumped by invalidate: a load that was running meanwhile may hold deleted records, so it is not kept.
  let epoch = 0;
  return {
    async current(now = Date.now()) {
      if (loading) return (await loading).facts;
      if (state && now - state.recountedAt > RECOUNT_MS) {
        state.recountedAt = now;
        const { n } = await db.selectFrom('attendance_records').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
        if (Number(n) !== state.facts.n) state = undefined;
      }
      if (!state) {
        const started = epoch;
        const load = fullLoad(db, now, nextVersion());
        loading = load;
        try {
          const fresh = await load;
          if (started === epoch) state = fresh;
          return fresh.facts;
        } finally {
          loading = undefined;
        }
      }
      await refresh(db, state, nextVersion);
      return state.facts;
    },
    invalidate() {
      state = undefined;
      epoch++;
    },
  };
}
