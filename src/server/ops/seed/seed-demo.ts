import fs from 'node:fs';
import type { AuthUser } from '@server/auth/authenticate';
import { hashPassword } from '@server/auth/password';
import type { AppDeps } from '@server/deps';
import type { FaceEngine } from '@server/face/index';
import { systemClock } from '@server/lib/clock';
import { listDepartments, createActiveUsersWithHash } from '@server/services/accounts/index';
import { enrollFacesOfUser } from '@server/services/faces/index';
import { startGeofenceSession } from '@server/services/attendance/index';
import { DEPARTMENTS } from '@shared/constants';
import { type ClassTally, type Room, type StudentMark, writeFacePresence, writePastClass } from './class-history';
import type { PhotoSet } from './face-photos';
import { attendanceHabit, classMeetings, outcomeOf, schoolDaysBefore, seededRandom } from './plan';

export interface SeedOptions {
  students: number;
  teachers: number;
  departments: number;
  days: number;
  sessionsPerDay: number;
  password: string;
  force: boolean;
  /** people to enroll as the first students, three photos each (--faces) */
  photoSets?: PhotoSet[];
  startFaceEngine?: () => Promise<FaceEngine>;
}

export interface Progress {
  start(label: string, total: number): void;
  tick(n?: number): void;
  stop(): void;
}

export class SeedRefused extends Error {}

type Deps = Pick<AppDeps, 'db' | 'config' | 'urls' | 'sessions' | 'imageDecodes'>;

/** Classes written per transaction: short enough that a running server's writes wait at most a moment. */
const CLASSES_PER_TRANSACTION = 10;
/** A campus, and each department's room a few dozen metres apart on it. */
const CAMPUS = { latitude: 23.0338, longitude: 72.5466 };
const roomOf = (d: number): Room => ({ latitude: CAMPUS.latitude + d * 0.0004, longitude: CAMPUS.longitude + d * 0.0003, radius_m: 60 });

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The first email domain none of whose demo addresses is taken: demo.school, then demo2.school... (for --force). */
async function freeDomain(deps: Deps) {
  for (let n = 1; ; n++) {
    const domain = n === 1 ? 'demo.school' : `demo${n}.school`;
    const taken = await deps.db.selectFrom('users').select('id').where('email', 'like', `%@${domain}`).executeTakeFirst();
    if (!taken) return domain;
  }
}

/**
 * Seeds a demo institution through the services: an admin, teachers and active students over the first N
 * departments, weeks of past classes with face-checked, hand-corrected and auto-absent marks, one class running now
 * in each department (it ends and auto-absents like any other), and faces enrolled from photos when given.
 */
export async function seedDemo(deps: Deps, opts: SeedOptions, progress: Progress) {
  const now = systemClock.now();
  const existing = await deps.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0 && !opts.force) {
    throw new SeedRefused(`The database already has ${existing.n} users: refusing to seed (pass --force to add a demo institution beside them).`);
  }
  if (opts.departments < 1 || opts.departments > DEPARTMENTS.length)
    throw new SeedRefused(`--departments must be 1 to ${DEPARTMENTS.length} (the departments of the SPEC).`);
  if (opts.teachers < opts.departments) throw new SeedRefused('--teachers must be at least --departments: every department needs a teacher.');
  const departments = (await listDepartments(deps)).filter((d) => DEPARTMENTS.slice(0, opts.departments).includes(d.name as never));
  const domain = await freeDomain(deps);

  // One argon2id hash for every seeded account: hashing 2,000 passwords would take minutes.
  const passwordHash = await hashPassword(opts.password);
  const users = [
    { role: 'admin' as const, email: `admin@${domain}`, username: 'admin', department_id: null },
    ...Array.from({ length: opts.teachers }, (_, t) => ({
      role: 'teacher' as const,
      email: `teacher${pad(t + 1, 2)}@${domain}`,
      username: `teacher${pad(t + 1, 2)}`,
      department_id: departments[t % departments.length].id,
    })),
    ...Array.from({ length: opts.students }, (_, s) => ({
      role: 'student' as const,
      email: `student${pad(s + 1, 4)}@${domain}`,
      username: `student${pad(s + 1, 4)}`,
      department_id: departments[s % departments.length].id,
    })),
  ];
  progress.start('accounts', users.length);
  // Accounts older than the first class: the attendance rule counts a student's sessions from their activation.
  const joined = new Date(now.getTime() - (opts.days * 2 + 14) * 86_400_000);
  const ids = await deps.db.transaction().execute((trx) => createActiveUsersWithHash({ db: trx }, users, passwordHash, joined));
  progress.tick(users.length);
  progress.stop();
  const teachers: AuthUser[] = ids
    .slice(1, 1 + opts.teachers)
    .map((id, t) => ({ id, username: users[1 + t].username, role: 'teacher', status: 'active', department_id: users[1 + t].department_id, token_id: 'seed' }));
  const studentIds = ids.slice(1 + opts.teachers);
  const rand = seededRandom(20261123);
  // The first student of each department rarely comes: the At risk list and the shortfall report always have someone.
  // (Each still draws its habit, so the other students' random stream is what it was.)
  const habits = studentIds.map((_, s) => {
    const habit = attendanceHabit(rand);
    return s < departments.length ? 0.35 : habit;
  });
  const studentsOf = departments.map((_, d) => studentIds.map((id, s) => ({ id, s })).filter(({ s }) => s % departments.length === d));

  const meetings = classMeetings(schoolDaysBefore(now, opts.days), opts.sessionsPerDay, departments.length, opts.teachers, deps.config.sessionMinutes);
  const tally: ClassTally = { face: 0, manual_present: 0, manual_absent: 0, auto_absent: 0 };
  const marksOf = (d: number, from: Date, until: Date): StudentMark[] =>
    studentsOf[d].map(({ id, s }) => {
      const outcome = outcomeOf(rand, habits[s]);
      const span = until.getTime() - from.getTime();
      const at = outcome.startsWith('manual') ? new Date(until.getTime() + (2 + rand() * 60) * 60_000) : new Date(from.getTime() + rand() * span * 0.8);
      return { studentId: id, outcome, at };
    });
  progress.start('classes', meetings.length);
  for (let i = 0; i < meetings.length; i += CLASSES_PER_TRANSACTION) {
    await deps.db.transaction().execute(async (trx) => {
      for (const m of meetings.slice(i, i + CLASSES_PER_TRANSACTION)) {
        const meeting = {
          teacher: teachers[m.teacherIndex],
          departmentId: departments[m.departmentIndex].id,
          room: roomOf(m.departmentIndex),
          startedAt: m.startedAt,
          endsAt: m.endsAt,
        };
        const t = await writePastClass(deps, trx, meeting, marksOf(m.departmentIndex, m.startedAt, m.endsAt), rand);
        for (const k of Object.keys(tally) as (keyof ClassTally)[]) tally[k] += t[k];
        progress.tick();
      }
    });
  }
  progress.stop();

  const live = await startLiveClasses(deps, departments, teachers, studentsOf, rand, now);
  const faces = opts.photoSets?.length ? await enrollFaces(deps, opts, studentIds, users.slice(1 + opts.teachers), progress) : [];
  const demoStudent = faces.find((f) => f.ok)?.email ?? users[1 + opts.teachers]?.email;
  return {
    domain,
    password: opts.password,
    logins: { admin: users[0].email, teacher: users[1].email, student: demoStudent },
    counts: { departments: departments.length, teachers: opts.teachers, students: opts.students, past_sessions: meetings.length, ...tally },
    live,
    faces,
  };
}

/**
 * A class running now in each department, started three minutes ago by the department's first teacher through the
 * service every teacher uses, with the punctual students already marked. It is left open: the server's expiry sweep
 * ends it and marks the rest absent. A department already running a class (a real one, or an earlier seed's) keeps it.
 */
async function startLiveClasses(
  deps: Deps,
  departments: { id: number; name: string }[],
  teachers: AuthUser[],
  studentsOf: { id: number }[][],
  rand: () => number,
  now: Date,
) {
  const startedAt = new Date(now.getTime() - 3 * 60_000);
  const clock = { now: () => startedAt };
  const out: { department: string; session_id?: number; ends_at?: string; marked: number; skipped?: string }[] = [];
  for (const [d, department] of departments.entries()) {
    const teacher = teachers.find((t) => t.department_id === department.id)!;
    const room = roomOf(d);
    try {
      const started = await startGeofenceSession({ ...deps, clock }, teacher, {
        teacher_id: teacher.id,
        department: department.id,
        latitude: room.latitude,
        longitude: room.longitude,
        radius: room.radius_m,
      });
      const session = await deps.db.selectFrom('geofence_sessions').selectAll().where('id', '=', started.session_id).executeTakeFirstOrThrow();
      const early = studentsOf[d]
        .filter(() => rand() < 0.4)
        .map((s) => ({ studentId: s.id, outcome: 'face' as const, at: new Date(startedAt.getTime() + rand() * 170_000) }));
      const marked = await deps.db.transaction().execute((trx) => writeFacePresence(trx, session, early, rand));
      out.push({ department: department.name, session_id: started.session_id, ends_at: started.session_end_time, marked });
    } catch (err) {
      out.push({ department: department.name, marked: 0, skipped: (err as Error).message });
    }
  }
  return out;
}

/** One person's three photos per student, from the first student on, through the enrollment service. */
async function enrollFaces(deps: Deps, opts: SeedOptions, studentIds: number[], students: { email: string }[], progress: Progress) {
  const sets = opts.photoSets!.slice(0, studentIds.length);
  const face = await opts.startFaceEngine!();
  const out: { email: string; person: string; ok: boolean; error?: string }[] = [];
  progress.start('faces', sets.length);
  try {
    for (const [i, set] of sets.entries()) {
      const files = set.files.map((f) => {
        const buffer = fs.readFileSync(f);
        return { buffer, size: buffer.length };
      });
      try {
        await enrollFacesOfUser({ ...deps, face, clock: systemClock }, studentIds[i], files);
        out.push({ email: students[i].email, person: set.person, ok: true });
      } catch (err) {
        out.push({ email: students[i].email, person: set.person, ok: false, error: (err as Error).message });
      }
      progress.tick();
    }
  } finally {
    progress.stop();
    await face.close();
  }
  return out;
}
