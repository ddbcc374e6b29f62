/**
 * The shape of the demo institution, decided before anything is written: who is in which department, when each
 * class met, and who came. Pure and seeded, so one set of options always gives the same school.
 */

export type Outcome = 'face' | 'manual_present' | 'manual_absent' | 'absent';

export interface ClassMeeting {
  departmentIndex: number;
  teacherIndex: number;
  startedAt: Date;
  endsAt: Date;
}

/** mulberry32: a small, fast, seedable generator (Math.random cannot be seeded). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The `days` weekdays before today (UTC), oldest first: school days, so a month of classes spans six weeks. */
export function schoolDaysBefore(now: Date, days: number): Date[] {
  const out: Date[] = [];
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  while (out.length < days) {
    day.setUTCDate(day.getUTCDate() - 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) out.unshift(new Date(day));
  }
  return out;
}

const FIRST_CLASS_UTC_MINUTES = 9 * 60;
const CLASS_EVERY_MINUTES = 90;

/**
 * Every department meets `perDay` times a school day, 90 minutes apart from 09:00 UTC, each time with the next of
 * its own teachers in turn. Teacher t belongs to department t mod D (as students do), so every department has one.
 */
export function classMeetings(days: Date[], perDay: number, departments: number, teachers: number, sessionMinutes: number): ClassMeeting[] {
  const teachersOf = Array.from({ length: departments }, (_, d) => Array.from({ length: teachers }, (_, t) => t).filter((t) => t % departments === d));
  const turn = new Array<number>(departments).fill(0);
  const out: ClassMeeting[] = [];
  for (const day of days) {
    for (let slot = 0; slot < perDay; slot++) {
      const startedAt = new Date(day.getTime() + (FIRST_CLASS_UTC_MINUTES + slot * CLASS_EVERY_MINUTES) * 60_000);
      for (let d = 0; d < departments; d++) {
        const own = teachersOf[d];
        out.push({ departmentIndex: d, teacherIndex: own[turn[d]++ % own.length], startedAt, endsAt: new Date(startedAt.getTime() + sessionMinutes * 60_000) });
      }
    }
  }
  return out;
}

/** How reliably each student turns up: most come nearly always, a few often miss (skewed towards 1). */
export const attendanceHabit = (rand: () => number) => 0.55 + 0.43 * Math.sqrt(rand());

/**
 * One student at one class: present by face check with the student's habit; a few of those are corrected to absent
 * (left early); of the rest, a quarter were there but failed the face check and the teacher marked them present by
 * hand, and the others are left for the session's end to mark absent.
 */
export function outcomeOf(rand: () => number, habit: number): Outcome {
  if (rand() < habit) return rand() < 0.01 ? 'manual_absent' : 'face';
  return rand() < 0.25 ? 'manual_present' : 'absent';
}
