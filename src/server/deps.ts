import type { FaceEngine } from './face/index';
import type { DeviceCookies } from './auth/device-cookie';
import type { TokenService } from './auth/tokens';
import type { DB } from './db/connect';
import type { AppConfig } from './env';
import type { Clock } from './lib/clock';
import type { Slots } from './lib/slots';
import type { UrlSigner } from './lib/url-signer';
import type { AttemptLog } from './infra/attempt-log';
import type { LoginGuard } from './infra/login-guard';
import type { HourlyAllowance } from './infra/window-allowance';
import type { WindowAllowance } from './infra/window-allowance';
import type { ChallengeSource } from './infra/challenge-source';
import type { Ticker } from './infra/ticker';
import type { FaceIndex } from './services/faces/face-index';
import type { ReportCache } from './services/reports/report-cache';
import type { SessionSweeper } from './services/attendance/session-expiry';

/** Everything a request may need, built once by main.ts (or a test) and passed down explicitly. */
export interface AppDeps {
  db: DB;
  config: AppConfig;
  clock: Clock;
  tokens: TokenService;
  face: FaceEngine;
  loginGuard: LoginGuard;
  /** Signs and reads the login device cookies (a key derived from the JWT secret, so every node reads them). */
  devices: DeviceCookies;
  urls: UrlSigner;
  attempts: AttemptLog;
  /** Registrations per address and hour, counted before the upload is read (every node shares the count). */
  registrations: HourlyAllowance;
  /** Contact-form messages per address and hour (every node shares the count). */
  contactMessages: HourlyAllowance;
  /** Face checks per account and minute, counted before the upload is read (every node shares the count). */
  faceChecksPerMinute: WindowAllowance;
  /** New face photos a non-admin may send per account and hour, counted before the engine enrolls them. */
  faceChangeUploads: WindowAllowance;
  /** Sends the queued emails (services/notices/mail-sender.ts) on a timer; does nothing without SMTP_URL. Safe on every node at once. */
  mail: Ticker;
  /** Warns students after each ended session (services/reports/attendance-rule/warnings.ts) on a timer; safe on every node at once. */
  warnings: Ticker;
  /** Opens the timetable's due classes while the school's auto-open is on (services/attendance/timetable/); safe on every node at once. */
  slots: Ticker;
  /** Ends sessions past their end time (on a timer and before reads); safe on every node at once. */
  sessions: SessionSweeper;
  /** The admin reports' attendance facts and recent aggregates, kept current from the database on each report. */
  reports: ReportCache;
  /** The enrolled face templates this node keeps for the duplicate-face search, checked against the database on each use. */
  faceIndex: FaceIndex;
  /** The face challenge's randomness (issue 20): the OS's CSPRNG, or a test's own. */
  challengeSource: ChallengeSource;
  /**
   * Full image decodes at once (MAX_CONCURRENT_IMAGE_DECODES), registration's photo checks and this app's face engine
   * together: one per app, so two apps in one process (tests start several) never wait on each other's uploads.
   */
  imageDecodes: Slots;
}
