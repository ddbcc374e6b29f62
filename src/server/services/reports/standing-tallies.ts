import { type Facts, F_EXCUSED, F_LATE, F_PRESENT } from './attendance-facts';

/** A student the tally counts for: marks in their department's sessions started at or after `since` (seconds). */
export interface TallyStudent {
  id: number;
  department_id: number;
  since: number;
  /** What the report shows of them, read with the rest. */
  username: string;
  department: string;
}

/** A session of the period: its department, start (seconds) and whether it is still open. */
export interface TallySession {
  id: number;
  department_id: number;
  start: number;
  open: boolean;
}

/**
 * Per-student counts of marks for one scope (a department or all, a period) over the admin reports' facts: what the
 * attendance rule's standings are computed from. Counted once by a pass over every record, then kept current from
 * the facts' change log (only the records that changed) and, when sessions start or end, from the records of those
 * sessions; only other students (approved, renamed, moved) count it again.
 */
export interface StandingTally {
  /** The students it counts, as read from the database: other students are another tally. */
  studentsKey: string;
  /** The sessions it counts: other sessions are caught up by their records (resession). */
  sessionsKey: string;
  facts: Facts;
  /** The facts' version counted. */
  version: number;
  students: TallyStudent[];
  present: Int32Array;
  late: Int32Array;
  excused: Int32Array;
  /** Sessions held: the ended ones since the student's start (endedHeld), plus the open ones they have a mark in (openHeld). */
  endedHeld: Int32Array;
  openHeld: Int32Array;
  /** The latest present mark, and the latest present or late one (seconds; 0: none): the rule says which counts. */
  lastPresent: Uint32Array;
  lastAttended: Uint32Array;
  /** Results computed from this tally (rows, sorted lists, CSV lines), dropped whenever a count changes. */
  memo: Map<string, unknown>;
  index: Int32Array;
  sessionStart: Float64Array;
  sessionDepartment: Int32Array;
  sessionOpen: Uint8Array;
}

/** How many of the sorted times are at or after t. */
function countFrom(sorted: number[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return sorted.length - lo;
}

/** The student position a record counts for in this tally, or -1 (another department, before their start, out of the period). */
function positionOf(t: StandingTally, i: number): number {
  const sid = t.facts.session[i];
  const stu = t.facts.student[i];
  if (sid >= t.sessionStart.length || stu >= t.index.length || t.sessionStart[sid] < 0) return -1;
  const k = t.index[stu];
  if (k < 0 || t.sessionDepartment[sid] !== t.students[k].department_id || t.sessionStart[sid] < t.students[k].since) return -1;
  return k;
}

/** Counts a record in (1) or out (-1); 0 only looks at its time for the latest marks. */
function add(t: StandingTally, i: number, k: number, fl: number, at: number, sign: 1 | -1 | 0) {
  if (fl & F_LATE) t.late[k] += sign;
  else if (fl & F_PRESENT) t.present[k] += sign;
  else if (fl & F_EXCUSED) t.excused[k] += sign;
  if (t.sessionOpen[t.facts.session[i]]) t.openHeld[k] += sign;
  if (sign < 0) return;
  if (fl & F_PRESENT && at > t.lastAttended[k]) t.lastAttended[k] = at;
  if (presentOnly(fl) && at > t.lastPresent[k]) t.lastPresent[k] = at;
}

const presentOnly = (fl: number) => (fl & F_PRESENT) !== 0 && !(fl & F_LATE);

/** Whether taking this record out may take away the student's latest mark (then it is looked up again). */
const mayLoseLast = (t: StandingTally, k: number, fl: number, at: number) =>
  (fl & F_PRESENT && at === t.lastAttended[k]) || (presentOnly(fl) && at === t.lastPresent[k]);

/** The sessions as the tally's lookup arrays, and each student's ended sessions since their start. */
function setSessions(t: StandingTally, sessions: TallySession[], sessionsKey: string) {
  const maxSession = sessions.reduce((m, s) => Math.max(m, s.id), 0);
  t.sessionsKey = sessionsKey;
  t.sessionStart = new Float64Array(maxSession + 1).fill(-1);
  t.sessionDepartment = new Int32Array(maxSession + 1);
  t.sessionOpen = new Uint8Array(maxSession + 1);
  const endedStarts = new Map<number, number[]>();
  for (const s of sessions) {
    t.sessionStart[s.id] = s.start;
    t.sessionDepartment[s.id] = s.department_id;
    if (s.open) t.sessionOpen[s.id] = 1;
    else endedStarts.set(s.department_id, [...(endedStarts.get(s.department_id) ?? []), s.start]);
  }
  for (const list of endedStarts.values()) list.sort((a, b) => a - b);
  for (const [k, s] of t.students.entries()) t.endedHeld[k] = countFrom(endedStarts.get(s.department_id) ?? [], s.since);
}

/** Every record counted once: the tally of the current facts for these students and sessions. */
export function countTally(facts: Facts, keys: { students: string; sessions: string }, students: TallyStudent[], sessions: TallySession[]): StandingTally {
  const maxStudent = students.reduce((m, s) => Math.max(m, s.id), 0);
  const size = students.length;
  const t: StandingTally = {
    studentsKey: keys.students,
    sessionsKey: '',
    facts,
    version: facts.version,
    students,
    present: new Int32Array(size),
    late: new Int32Array(size),
    excused: new Int32Array(size),
    endedHeld: new Int32Array(size),
    openHeld: new Int32Array(size),
    lastPresent: new Uint32Array(size),
    lastAttended: new Uint32Array(size),
    memo: new Map(),
    index: new Int32Array(maxStudent + 1).fill(-1),
    sessionStart: new Float64Array(0),
    sessionDepartment: new Int32Array(0),
    sessionOpen: new Uint8Array(0),
  };
  for (const [k, s] of students.entries()) t.index[s.id] = k;
  setSessions(t, sessions, keys.sessions);
  const { n, flags, at } = facts;
  for (let i = 0; i < n; i++) {
    const k = positionOf(t, i);
    if (k >= 0) add(t, i, k, flags[i], at[i], 1);
  }
  return t;
}

/**
 * Brings the tally to the facts' current version by the records changed since it was counted: each one's count as it
 * was taken away, as it is now added. False when it cannot (the facts were reloaded, or their log no longer reaches
 * back): the caller counts again.
 */
export function catchUp(t: StandingTally, facts: Facts): boolean {
  if (t.facts !== facts || facts.changesFrom > t.version) return false;
  if (t.version === facts.version) return true;
  // A record changed twice since counted: what it held at the tally's version is its first change's before.
  const before = new Map<number, { flags: number; at: number }>();
  for (let c = facts.changes.length - 1; c >= 0 && facts.changes[c].version > t.version; c--) {
    const { index, flags, at } = facts.changes[c];
    before.set(index, { flags, at });
  }
  const relook = new Set<number>();
  for (const [i, was] of before) {
    const k = positionOf(t, i);
    if (k < 0) continue;
    if (was.flags >= 0) {
      if (mayLoseLast(t, k, was.flags, was.at)) relook.add(k);
      add(t, i, k, was.flags, was.at, -1);
    }
    add(t, i, k, facts.flags[i], facts.at[i], 1);
  }
  if (relook.size) lastMarksAgain(t, relook);
  t.version = facts.version;
  t.memo.clear();
  return true;
}

/**
 * Sessions started, ended or removed since the tally was counted: the records of those sessions are taken out as
 * the old sessions counted them and added as the new ones do (one comparison a record to find them), and each
 * student's ended sessions are counted again from the list.
 */
export function resession(t: StandingTally, sessions: TallySession[], sessionsKey: string) {
  const maxSession = sessions.reduce((m, s) => Math.max(m, s.id), 0);
  const changed = new Uint8Array(Math.max(maxSession + 1, t.sessionStart.length));
  const seen = new Uint8Array(changed.length);
  for (const s of sessions) {
    seen[s.id] = 1;
    const was = s.id < t.sessionStart.length && t.sessionStart[s.id] >= 0;
    if (!was || t.sessionStart[s.id] !== s.start || t.sessionDepartment[s.id] !== s.department_id || t.sessionOpen[s.id] !== (s.open ? 1 : 0))
      changed[s.id] = 1;
  }
  for (let sid = 0; sid < t.sessionStart.length; sid++) if (t.sessionStart[sid] >= 0 && !seen[sid]) changed[sid] = 1;
  const { n, session, flags, at } = t.facts;
  const records: number[] = [];
  for (let i = 0; i < n; i++) if (changed[session[i]]) records.push(i);
  const relook = new Set<number>();
  for (const i of records) {
    const k = positionOf(t, i);
    if (k < 0) continue;
    if (mayLoseLast(t, k, flags[i], at[i])) relook.add(k);
    add(t, i, k, flags[i], at[i], -1);
  }
  setSessions(t, sessions, sessionsKey);
  for (const i of records) {
    const k = positionOf(t, i);
    if (k >= 0) add(t, i, k, flags[i], at[i], 1);
  }
  if (relook.size) lastMarksAgain(t, relook);
  t.memo.clear();
}

/** The latest marks of a few students, from their records alone: one comparison a record, not a tally of each. */
function lastMarksAgain(t: StandingTally, positions: Set<number>) {
  const wanted = new Uint8Array(t.index.length);
  for (const k of positions) {
    wanted[t.students[k].id] = 1;
    t.lastAttended[k] = 0;
    t.lastPresent[k] = 0;
  }
  const { n, student, flags, at } = t.facts;
  for (let i = 0; i < n; i++) {
    if (!wanted[student[i]]) continue;
    const k = positionOf(t, i);
    if (k >= 0) add(t, i, k, flags[i], at[i], 0);
  }
}
