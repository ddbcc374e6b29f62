import { createDeviceCookies } from './auth/device-cookie';
import { loadOrCreateSecret, createTokenService } from './auth/tokens';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import type { AppDeps } from './deps';
import type { AppConfig } from './env';
import { createFaceEngine, type FaceEngine, lazyFaceEngine, MAX_CONCURRENT_IMAGE_DECODES } from './face/index';
import { createUrlSigner } from './lib/url-signer';
import { type Clock, systemClock } from './lib/clock';
import { Slots } from './lib/slots';
import { createAttemptLog } from './infra/attempt-log';
import { createLoginGuard } from './infra/login-guard';
import { createHourlyAllowance, createWindowAllowance } from './infra/window-allowance';
import { type ChallengeSource, cryptoChallengeSource } from './infra/challenge-source';
import { createFaceIndex, removeSpentStills } from './services/faces/index';
import { createReportCache } from './services/reports/index';
import { createSessionSweeper, openDueSlots } from './services/attendance/index';
import { createMailSender } from './services/notices/index';
import { warnAfterEndedSessions } from './services/reports/index';
import { createTicker } from './infra/ticker';
import { MSG } from '../shared/messages';
import type { Server } from 'node:http';

/** A visitor may send this many contact messages an hour from one address: enough for people, not for a flood. */
const CONTACT_MESSAGES_PER_HOUR = 5;
/** A student may send new face photos this many times an hour: each costs an enrollment in the face engine. */
const FACE_CHANGE_UPLOADS_PER_HOUR = 5;
/** How often a node opens the timetable's due classes (with the school's auto-open on): a class opens within seconds of its start. */
const SLOTS_TICK_MS = 5_000;
/** How often a node looks for emails to send: a notice reaches the mail server within seconds, at one small read a tick. */
const MAIL_TICK_MS = 5_000;
/** How often a node looks for ended sessions to warn after: a warning follows the end of its session by about this. */
const WARNINGS_TICK_MS = 2_000;

/**
 * Opens and migrates the database, loads the face engine and wires the services: what main.ts and tests share.
 * Nothing is started here: the caller starts the timers (startTimers).
 */
export async function buildDeps(
  config: AppConfig,
  opts: { clock?: Clock; face?: FaceEngine; lazyFace?: boolean; challengeSource?: ChallengeSource } = {},
): Promise<AppDeps> {
  const clock = opts.clock ?? systemClock;
  const db = connectDatabase(config.database, { poolSize: config.databasePoolSize });
  await migrateToLatest(db);
  const secret = loadOrCreateSecret(config.dataDir, config.jwtSecret);
  const imageDecodes = new Slots(MAX_CONCURRENT_IMAGE_DECODES);
  const startFace = () => createFaceEngine(config.face, {}, imageDecodes);
  const face = opts.face ?? (opts.lazyFace ? lazyFaceEngine(startFace) : await startFace());
  const deps: AppDeps = {
    db,
    config,
    clock,
    mail: createTicker('notices: email', createMailSender({ db, clock, mail: config.mail }), MAIL_TICK_MS),
    warnings: createTicker('notices: warnings', () => warnAfterEndedSessions(deps), WARNINGS_TICK_MS),
    slots: createTicker('timetable: opening slots', () => openDueSlots(deps), SLOTS_TICK_MS),
    tokens: createTokenService(secret, config.tokenTtlSeconds, () => clock.now()),
    face,
    loginGuard: createLoginGuard(db, clock, config.login),
    devices: createDeviceCookies(secret),
    urls: createUrlSigner(secret),
    attempts: createAttemptLog(db),
    // the ended sessions' review stills go with them (issue 39)
    sessions: createSessionSweeper({ db, clock, onEnded: () => removeSpentStills({ db, config }) }),
    registrations: createHourlyAllowance(db, clock, { name: 'register', perHour: config.registerMaxPerHour, message: MSG.register.tooMany }),
    contactMessages: createHourlyAllowance(db, clock, { name: 'contact', perHour: CONTACT_MESSAGES_PER_HOUR, message: MSG.contact.tooMany }),
    faceChecksPerMinute: createWindowAllowance(db, clock, {
      name: 'face-check',
      limit: config.faceChecksPerMinute,
      windowMs: 60_000,
      message: MSG.faceCheck.tooManyPerMinute,
      errorCode: 'too_many_checks',
    }),
    faceChangeUploads: createWindowAllowance(db, clock, {
      name: 'face-change',
      limit: FACE_CHANGE_UPLOADS_PER_HOUR,
      windowMs: 3600_000,
      message: MSG.faceChange.tooMany,
      errorCode: 'too_many_face_changes',
    }),
    reports: createReportCache(db),
    faceIndex: createFaceIndex(),
    challengeSource: opts.challengeSource ?? cryptoChallengeSource,
    imageDecodes,
  };
  return deps;
}

/** Starts what a running node does on its own: ending sessions past their end, the warnings after them, the emails, the timetable's classes. */
export function startTimers(deps: Pick<AppDeps, 'sessions' | 'warnings' | 'mail' | 'slots'>) {
  deps.sessions.start();
  deps.warnings.start();
  deps.mail.start();
  deps.slots.start();
}

/**
 * Stops a running app in its order: no new connections, the timers stopped, the buffered attempt log written,
 * then the face engine and the database closed; the process exits once they are. The production server (main.ts)
 * and the harness's server process (scripts/harness/server-entry.ts) both stop through here, so a server a test or a
 * benchmark starts stops as a school's does.
 */
export function stopApp(server: Server, deps: Pick<AppDeps, 'sessions' | 'warnings' | 'mail' | 'slots' | 'attempts' | 'face' | 'db'>) {
  server.close();
  deps.sessions.stop();
  deps.warnings.stop();
  deps.mail.stop();
  deps.slots.stop();
  void deps.attempts
    .flush()
    .then(() => Promise.allSettled([deps.face.close(), deps.db.destroy()]))
    .then(() => process.exit(0));
}
