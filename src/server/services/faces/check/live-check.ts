import type { ChallengeStep } from '@shared/face/face-challenge';
import {
  FACE_STREAM_DONE_TAIL_MS,
  FACE_STREAM_FIRST_CHUNK_MS,
  FACE_STREAM_FIRST_STEP_MS,
  FACE_STREAM_MAX_BYTES,
  FACE_STREAM_MAX_SECONDS,
  FACE_STREAM_MAX_STALL_MS,
  FACE_STREAM_REACTION_MS,
  FACE_STREAM_STEP_GAP_MS,
  FACE_STREAM_STEPS,
  FACE_STREAM_TIMESLICE_MS,
  type FaceStreamServerMessage,
} from '@shared/face/face-stream';
import { MSG } from '@shared/messages';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { type LiveVideo, resolveOptions } from '@server/face/index';
import { webmVideoBlocks } from './webm-blocks';
import { DomainError, HTTP_STATUS } from '@server/lib/errors';
import { logger } from '@server/lib/logger';
import { isUniqueViolation } from '@server/db/dialect';
import { ABANDONED, checkTriesLeft, ENGINE_BUSY, openSessionOf, settleChallenge } from './face-challenges';
import { type StepCaller, verifyLiveVideo } from './face-verification';
import { type ChunkArrival, streamClock } from './stream-clock';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'face' | 'config' | 'challengeSource' | 'faceChecksPerMinute' | 'devices' | 'faceIndex'>;

/** How the check talks to its page: the socket adapter's side (rest/faces/live-check/face-stream-socket.ts). */
export interface LiveCheckIo {
  send(msg: FaceStreamServerMessage): void;
  /** ends the connection (after the last message) */
  close(): void;
}

/** The server's monotonic clock for arrivals and instructions (ms); tests may pass their own. */
export type Monotonic = () => number;

/** After `stop`, the page's last chunk and `end` are awaited this long. */
const END_GRACE_MS = 2000;
/** A page waiting for room in the engine asks again after this. */
const BUSY_RETRY_S = 5;

/** The live checks this node is streaming, by student: a new start replaces the student's open one. */
const open = new Map<number, LiveCheck>();

/**
 * Streams this node holds at once: twice the engine's workers and queue (20 by default). A stream lasts about 14 s and
 * its verdict 1.4 s of both cores' time, so about ten must stream to keep the engine busy, and the last of twenty
 * ending together waits about 28 s for its verdict. Each admitted check's verdict waits its turn at the end (the
 * gate's 'admitted' lane), never refused: a student is told the engine is busy before the camera starts, never after.
 */
export const liveCheckLimit = (face: Parameters<typeof resolveOptions>[0]) => {
  const o = resolveOptions(face);
  return 2 * (o.workers + o.queueLimit);
};

/**
 * One live face check (issue 33), from `ready` to the verdict. The page streams its recorder's chunks; this stamps
 * each on arrival, sends the FACE_STREAM_STEPS instructions at random times, each drawn as it is sent, closes the
 * last window, and has the engine judge the video against the instructions on the video's own clock
 * (stream-clock.ts). Anything that ends it without a verdict (the socket closing, a stall, a new start) is an
 * abandoned try; a student has FACE_CHALLENGE_FAILS_PER_SESSION failed or abandoned tries per session.
 */
export class LiveCheck {
  private readonly chunks: Buffer[] = [];
  private readonly arrivals: ChunkArrival[] = [];
  private bytes = 0;
  private readonly steps: ChallengeStep[] = [];
  private readonly sentAt: number[] = [];
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private stallTimer: ReturnType<typeof setTimeout> | undefined;
  private lastWindow: ReturnType<typeof setTimeout> | undefined;
  /** the stream decoded and read as it arrives, when the engine had room at the start (else decoded at the end) */
  private decode: LiveVideo | null = null;
  private state: 'waiting' | 'streaming' | 'stopping' | 'judging' | 'over' = 'waiting';

  private constructor(
    private readonly deps: Deps,
    private readonly student: AuthUser,
    readonly id: string,
    private readonly io: LiveCheckIo,
    private readonly now: Monotonic,
    private readonly caller: StepCaller,
  ) {}

  /**
   * Admits a check and sends `ready`, or sends `refused` and closes: the challenge off (the blink-only upload), no
   * session open, no tries left, the engine without room for one more (told before the camera starts, never
   * mid-check), the account's checks a minute used. A check of the student still open is replaced: it ends as
   * abandoned (on this node at once; on another, when it next looks at its row).
   */
  static async start(deps: Deps, student: AuthUser, io: LiveCheckIo, caller: StepCaller, now: Monotonic = () => performance.now()): Promise<LiveCheck | null> {
    try {
      if (!deps.config.faceChallenge) throw new DomainError('CONFLICT', MSG.faceChallenge.liveOff, { errorCode: 'live_check_off' });
      if (student.role !== 'student') throw new DomainError('FORBIDDEN', MSG.auth.forbidden, { errorCode: 'forbidden' });
      const sessionId = await openSessionOf(deps, student);
      if (sessionId === null) throw new DomainError('NOT_FOUND', MSG.attendance.noActiveSession, { errorCode: 'no_active_session' });
      await open.get(student.id)?.abandon('check_cancelled');
      await checkTriesLeft(deps.db, student.id, sessionId);
      if (open.size >= liveCheckLimit(deps.config.face)) {
        throw new DomainError('BUSY', MSG.server.busy, { errorCode: 'busy', retryAfterSeconds: BUSY_RETRY_S });
      }
      await deps.faceChecksPerMinute.consume(String(student.id));
      const check = new LiveCheck(deps, student, deps.challengeSource.id(), io, now, caller);
      await openRow(deps, student, sessionId, check.id);
      open.set(student.id, check);
      check.decode = deps.face.startLiveDecode?.(FACE_STREAM_MAX_SECONDS) ?? null;
      io.send({ type: 'ready', check_id: check.id, timeslice_ms: FACE_STREAM_TIMESLICE_MS, steps: FACE_STREAM_STEPS });
      check.later(FACE_STREAM_FIRST_CHUNK_MS, () => {
        if (check.state === 'waiting') void check.fail('stream_stalled', MSG.faceChallenge.stalled);
      });
      return check;
    } catch (err) {
      refuse(io, err);
      return null;
    }
  }

  /** A chunk of the recording, as it arrives. */
  chunk(data: Buffer): void {
    if (this.state !== 'waiting' && this.state !== 'streaming' && this.state !== 'stopping') return;
    const at = this.now();
    if (this.bytes + data.length > FACE_STREAM_MAX_BYTES) {
      void this.fail('video_too_large', MSG.faceChallenge.tooLarge);
      return;
    }
    this.arrivals.push({ offset: this.bytes, at });
    this.chunks.push(data);
    this.bytes += data.length;
    this.decode?.write(data);
    if (this.state === 'waiting') {
      this.state = 'streaming';
      this.later(this.deps.challengeSource.between(...FACE_STREAM_FIRST_STEP_MS), () => this.nextStep());
    }
    if (this.state === 'streaming') this.watchStall();
  }

  /** The page's recorder stopped and everything was sent. */
  end(): void {
    if (this.state === 'stopping') void this.judge();
    else if (this.state === 'waiting' || this.state === 'streaming') void this.fail('stream_stalled', MSG.faceChallenge.stalled);
  }

  /** The socket closed: a check without its verdict is an abandoned try. */
  closed(): void {
    if (this.state !== 'judging' && this.state !== 'over') void this.abandon(null);
  }

  private async nextStep() {
    if (this.state !== 'streaming') return;
    // another start (on any node) may have replaced this check: stop before showing more
    if (!(await this.stillOpen())) return this.abandon('check_cancelled');
    const step = this.deps.challengeSource.step();
    this.steps.push(step);
    this.sentAt.push(this.now());
    this.io.send({ type: 'step', index: this.steps.length - 1, step, of: FACE_STREAM_STEPS });
    if (this.steps.length < FACE_STREAM_STEPS) this.later(this.deps.challengeSource.between(...FACE_STREAM_STEP_GAP_MS), () => void this.nextStep());
    else this.lastWindow = this.later(FACE_STREAM_REACTION_MS[1], () => this.stop());
  }

  /** The page saw the last move: the last window closes after a short tail instead of its full length. */
  done(): void {
    if (this.state !== 'streaming' || this.steps.length < FACE_STREAM_STEPS || !this.lastWindow) return;
    clearTimeout(this.lastWindow);
    this.timers.delete(this.lastWindow);
    this.lastWindow = undefined;
    this.later(FACE_STREAM_DONE_TAIL_MS, () => this.stop());
    this.decode?.finishing();
  }

  private stop() {
    if (this.state !== 'streaming') return;
    this.state = 'stopping';
    clearTimeout(this.stallTimer);
    this.io.send({ type: 'stop' });
    this.decode?.finishing(); // after the last window without the page's `done`: the stream ends now
    this.later(END_GRACE_MS, () => void this.judge());
  }

  private async judge() {
    if (this.state !== 'stopping') return;
    this.state = 'judging';
    this.clearTimers();
    const video = Buffer.concat(this.chunks);
    this.decode?.end();
    let clock: ReturnType<typeof streamClock>;
    try {
      clock = streamClock(webmVideoBlocks(video), this.arrivals, this.sentAt);
    } catch {
      clock = { ok: false, reason: 'stream_unreadable' };
    }
    const words = { stream_too_fast: MSG.faceChallenge.tooFast, stream_stalled: MSG.faceChallenge.stalled, stream_unreadable: MSG.faceChallenge.unreadable };
    try {
      if (!clock.ok) {
        logger.info({ check: this.id, ...clock, chunks: this.arrivals.length, bytes: this.bytes }, 'face: live check stream refused');
        await verifyLiveVideo(this.deps, this.student, this.caller, { id: this.id, refusal: clock.reason });
        this.finish({ type: 'verdict', success: false, message: words[clock.reason], blink_count: 0, error_code: clock.reason });
        return;
      }
      const answer = await verifyLiveVideo(this.deps, this.student, this.caller, {
        id: this.id,
        steps: this.steps,
        stepTimes: clock.stepTimes,
        video,
        live: this.decode ?? undefined,
      });
      if (!answer) return;
      logger.info(
        {
          check: this.id,
          steps: this.steps,
          stepTimes: clock.stepTimes,
          moves: answer.moves,
          leadMs: clock.leadMs,
          lagMs: clock.lagMs,
          code: answer.error_code,
          engineMs: answer.ms,
          decodedLive: this.decode !== null,
        },
        'face: live check judged',
      );
      const { moves: _moves, ms: _ms, ...verdict } = answer;
      this.finish({ type: 'verdict', ...verdict });
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'BUSY') await settleChallenge(this.deps, this.id, ENGINE_BUSY).catch(logError);
      else if (!(err instanceof DomainError)) {
        logError(err);
        await settleChallenge(this.deps, this.id, ABANDONED).catch(logError);
      }
      this.state = 'over';
      this.release();
      if (open.get(this.student.id) === this) open.delete(this.student.id);
      refuse(this.io, err);
    }
  }

  /** Ends the check with a refusal that came before the engine (stored as a failed try). */
  private async fail(reason: string, message: string) {
    if (this.state === 'judging' || this.state === 'over') return;
    this.state = 'judging';
    this.clearTimers();
    const settled = await verifyLiveVideo(this.deps, this.student, this.caller, { id: this.id, refusal: reason }).then(
      () => true,
      () => false,
    );
    if (settled) this.finish({ type: 'verdict', success: false, message, blink_count: 0, error_code: reason });
    else this.finish({ type: 'refused', status: 409, error_code: 'check_cancelled', message: MSG.faceChallenge.cancelled });
  }

  /** Ends the check without a verdict: an abandoned try, and the page told why when it is still there. */
  private async abandon(code: 'check_cancelled' | null) {
    if (this.state === 'over') return;
    this.state = 'over';
    this.clearTimers();
    this.release();
    if (open.get(this.student.id) === this) open.delete(this.student.id);
    await settleChallenge(this.deps, this.id, ABANDONED).catch(logError);
    if (code) this.io.send({ type: 'refused', status: 409, error_code: code, message: MSG.faceChallenge.cancelled });
    this.io.close();
  }

  private finish(msg: FaceStreamServerMessage) {
    this.state = 'over';
    this.release();
    if (open.get(this.student.id) === this) open.delete(this.student.id);
    this.io.send(msg);
    this.io.close();
  }

  private async stillOpen(): Promise<boolean> {
    const row = await this.deps.db.selectFrom('face_challenges').select('used_at').where('id', '=', this.id).executeTakeFirst();
    return !!row && row.used_at === null;
  }

  private watchStall() {
    clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => {
      logger.info({ check: this.id, chunks: this.arrivals.length }, 'face: live check stalled');
      void this.fail('stream_stalled', MSG.faceChallenge.stalled);
    }, FACE_STREAM_MAX_STALL_MS);
  }

  private later(ms: number, fn: () => void) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  private clearTimers() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    clearTimeout(this.stallTimer);
  }

  /** Frees the stream's decode (its slot and frames) once the check is over, however it ended. */
  private release() {
    this.decode?.close();
    this.decode = null;
  }
}

/**
 * Ends the student's open check (on any node: it is told when it next looks at its row) as abandoned, and opens this
 * one, in one transaction. A partial unique index keeps one open row per student: when two starts race, the loser's
 * insert fails and it tries once more, ending the winner's (a later start replaces an earlier one, as always).
 */
async function openRow(deps: Deps, student: AuthUser, sessionId: number, id: string) {
  const at = deps.clock.now();
  for (let attempt = 0; ; attempt++) {
    try {
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('face_challenges')
          .set({ used_at: at.toISOString(), outcome: ABANDONED })
          .where('user_id', '=', student.id)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('face_challenges')
          .values({
            id,
            user_id: student.id,
            token_id: student.token_id,
            session_id: sessionId,
            steps: '[]',
            issued_at: at.toISOString(),
            expires_at: new Date(at.getTime() + FACE_STREAM_MAX_SECONDS * 1000 * 2).toISOString(),
          })
          .execute();
      });
      return;
    } catch (err) {
      if (attempt > 0 || !isUniqueViolation(err)) throw err;
    }
  }
}

/** A refusal as the stream's message: the HTTP status and code the same refusal has on REST. */
function refuse(io: LiveCheckIo, err: unknown) {
  if (err instanceof DomainError) {
    const status = HTTP_STATUS[err.kind];
    const retry = err.details.retryAfterSeconds;
    io.send({ type: 'refused', status, error_code: err.details.errorCode ?? 'refused', message: err.message, ...(retry ? { retry_after: retry } : {}) });
  } else {
    logError(err);
    io.send({ type: 'refused', status: 500, error_code: 'internal', message: MSG.server.internal });
  }
  io.close();
}

const logError = (err: unknown) => logger.error({ err }, 'face: live check');
