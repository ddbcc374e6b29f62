import { type Facts, F_EXCUSED, F_LATE, F_PRESENT } from './attendance-facts';

/** A student the tally counts for: marks in their department's sessions started at or after `since` (seconds). */
export interface TallyStudent {
  id: number;
  department_id: number;
  since: number;
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
 * the facts' change log (only the records that changed), so the shortfall report and the At risk list cost a pass
 * only when the students or the sessions change, not on every mark.
 */
export interface StandingTally {
  /** Which students and sessions it counts, as read from the database: another roster is another tally. */
  roster: string;
  facts: Facts;
  /** The facts' version counted. */
  version: number;
  students: TallyStudent[];
  present: Int32Array;
  late: Int32Array;
  excused: Int32Array;
  /** Sessions held: the ended ones since the student's start, plus the open ones the student has a mark in. */
  held: Int32Array;
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
  if (t.sessionOpen[t.facts.session[i]]) t.held[k] += sign;
  if (sign < 0) return;
  if (fl & F_PRESENT && at > t.lastAttended[k]) t.lastAttended[k] = at;
  if (fl & F_PRESENT && !(fl & F_LATE) && at > t.lastPresent[k]) t.lastPresent[k] = at;
}

/** Every record counted once: the tally of the current facts for these students and sessions. */
export function countTally(facts: Facts, roster: string, students: TallyStudent[], sessions: TallySession[]): StandingTally {
  const maxSession = sessions.reduce((m, s) => Math.max(m, s.id), 0);
  const maxStudent = students.reduce((m, s) => Math.max(m, s.id), 0);
  const t: StandingTally = {
    roster,
    facts,
    version: facts.version,
    students,
    present: new Int32Array(students.length),
    late: new Int32Array(students.length),
    excused: new Int32Array(students.length),
    held: new Int32Array(students.length),
    lastPresent: new Uint32Array(students.length),
    lastAttended: new Uint32Array(students.length),
    memo: new Map(),
    index: new Int32Array(maxStudent + 1).fill(-1),
    sessionStart: new Float64Array(maxSession + 1).fill(-1),
    sessionDepartment: new Int32Array(maxSession + 1),
    sessionOpen: new Uint8Array(maxSession + 1),
  };
  const endedStarts = new Map<number, number[]>();
  for (const s of sessions) {
    t.sessionStart[s.id] = s.start;
    t.sessionDepartment[s.id] = s.department_id;
    if (s.open) t.sessionOpen[s.id] = 1;
    else endedStarts.set(s.department_id, [...(endedStarts.get(s.department_id) ?? []), s.start]);
  }
  for (const list of endedStarts.values()) list.sort((a, b) => a - b);
  for (const [k, s] of students.entries()) {
    t.index[s.id] = k;
    t.held[k] = countFrom(endedStarts.get(s.department_id) ?? [], s.since);
  }
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
    const now = facts.flags[i];
    if (was.flags >= 0) {
      // The latest mark is lost when it no longer counts, or counts earlier: the student's marks are looked up again.
      const lost = (last: number, wasIn: boolean, isIn: boolean) => wasIn && was.at === last && !(isIn && facts.at[i] >= was.at);
      if (lost(t.lastAttended[k], (was.flags & F_PRESENT) !== 0, (now & F_PRESENT) !== 0)) relook.add(k);
      if (lost(t.lastPresent[k], presentOnly(was.flags), presentOnly(now))) relook.add(k);
      add(t, i, k, was.flags, was.at, -1);
    }
    add(t, i, k, now, facts.at[i], 1);
  }
  if (relook.size) lastMarksAgain(t, relook);
  t.version = facts.version;
  t.memo.clear();
  return true;
}

const presentOnly = (fl: number) => (fl & F_PRESENT) !== 0 && !(fl & F_LATE);

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
