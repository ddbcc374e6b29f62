import { MSG } from '@shared/messages';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { resolveOptions } from '@server/face/index';
import { claimFaceCheck, type ReleaseClaim } from '@server/infra/face-checks-in-flight';
import { DomainError } from '@server/lib/errors';
import { logger } from '@server/lib/logger';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'faceChecksPerMinute'>;

/** Time to receive an upload (the sample proxy's read timeout), on top of the engine's own time. */
const UPLOAD_ALLOWANCE_MS = 60_000;
/** A check takes about 1.3 to 2.5 s: a second one may ask again after that. */
const IN_FLIGHT_RETRY_AFTER_S = 3;

/**
 * How long a claim may stand before another node may take it over: the upload, a wait in the engine's queue and the
 * job's deadline, generously. Only a node that died mid-check leaves a claim to expire.
 */
export function faceCheckHoldMs(config: Deps['config']): number {
  return UPLOAD_ALLOWANCE_MS + 3 * resolveOptions(config.face).jobTimeoutMs;
}

/**
 * Lets one face check of the student start, before its upload is read: at most one at a time per account (429
 * check_in_flight), and FACE_CHECKS_PER_MINUTE a minute (429 too_many_checks), both shared by every app node. It
 * decides only whether the check runs, never its verdict. Returns the release to call when the check ends.
 */
export async function admitFaceCheck(deps: Deps, student: AuthUser): Promise<ReleaseClaim> {
  const release = await claimFaceCheck(deps, student.id, faceCheckHoldMs(deps.config));
  if (!release) {
    throw new DomainError('TOO_MANY_REQUESTS', MSG.faceCheck.oneAtATime, { errorCode: 'check_in_flight', retryAfterSeconds: IN_FLIGHT_RETRY_AFTER_S });
  }
  try {
    await deps.faceChecksPerMinute.consume(String(student.id));
  } catch (err) {
    await release();
    throw err;
  }
  return release;
}

/** The engine's 503: thrown by the service, or (tRPC) carried as the cause of the procedure's error. */
function busyAnswer(err: unknown): boolean {
  const domain = err instanceof DomainError ? err : (err as { cause?: unknown } | null)?.cause;
  return domain instanceof DomainError && domain.kind === 'BUSY';
}

/**
 * Runs `check` as one admitted face check of the student, releasing the account's slot however it ends. A check the
 * engine answered busy (503, Retry-After) is not counted against the minute: the page asks again when told to, and
 * a class-start burst must not use up a student's checks with answers that judged nothing.
 */
export async function withAdmittedFaceCheck<T>(deps: Deps, student: AuthUser, check: () => Promise<T>): Promise<T> {
  const release = await admitFaceCheck(deps, student);
  try {
    return await check();
  } catch (err) {
    if (busyAnswer(err)) await deps.faceChecksPerMinute.refund(String(student.id)).catch(logSlotError);
    throw err;
  } finally {
    // the verdict stands whatever happens here: a claim left behind only expires later
    await release().catch(logSlotError);
  }
}

const logSlotError = (err: unknown) => logger.error({ err }, 'face: the check slot could not be released or refunded');
