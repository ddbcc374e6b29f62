import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { ffmpegPath } from '@server/face/decoding/index';
import { type ChallengeSource, cryptoChallengeSource } from '@server/infra/challenge-source';
import type { ChallengeStep } from '@shared/face/face-challenge';
import { FACE_STREAM_STEPS } from '@shared/face/face-stream';
import { MSG } from '@shared/messages';
import { enrolledStudent, logIn, until } from '@harness/enrolled-student';
import { fixture } from '@harness/face-fixtures';
import { insertSession } from '@harness/geofence-sessions';
import { createTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { launchBrowser, openPage, setStoredToken } from './browser';
import { answerCode, attemptLiveCheck, DUMP_DIR, type InstructionShown, keepStreamedChunks, type LiveAttempt, noteInstructions } from './live-attempts';
import { installPerformerCamera, type PerformerFrames, performerFrames } from './performer-camera';

export const PHONE = { width: 390, height: 844 };
/** The classroom point of insertSession's sessions: where the phone says it is when the page marks attendance. */
export const CLASSROOM = { latitude: 23.0225, longitude: 72.5714 };
/** A person reacts to an instruction this long after it shows (scripts/harness/live-stream.ts's performer does too). */
export const REACTION_MS = 250;
/** p1's own clips, played by Chromium's file camera in a loop whatever the page asks: recordings made in advance. */
export const RECORDED = ['c01_p1_left_blink', 'c02_p1_right_blink', 'c03_p1_still_blink'] as const;
const ARROW: Record<ChallengeStep, string | null> = { turn_left: 'left', turn_right: 'right', blink: null };

/**
 * What the page showed for each instruction it got (read as it changed: noteInstructions): the words, read out
 * (aria-live), the arrow to the student's own side of the mirrored preview for a turn and none for a blink, the
 * count, and the list of instructions so far with the earlier ones done.
 */
export function expectInstructionsShown(shown: InstructionShown[], steps: ChallengeStep[]) {
  expect(shown.map((s) => s.index)).toEqual(steps.map((_, i) => i));
  shown.forEach((s, i) => {
    const step = steps[i];
    expect(s).toMatchObject({
      step,
      text: MSG.faceChallenge.steps[step],
      ariaLive: 'assertive',
      arrow: ARROW[step],
      arrowSide: ARROW[step],
      count: MSG.faceChallenge.stepOf(i + 1, FACE_STREAM_STEPS),
    });
    expect(s.items.map((item) => item.text)).toEqual(
      steps.slice(0, i + 1).map((st, j) => `${MSG.faceChallenge.steps[st]}: ${j < i ? MSG.faceChallenge.stepDone : MSG.faceChallenge.stepPending}`),
    );
    expect(s.items.map((item) => item.done)).toEqual(steps.slice(0, i + 1).map((_, j) => String(j < i)));
  });
}

/** One line per check, so a refusal in a run's log names its cause and what the camera did. */
export function reportAttempt(label: string, a: LiveAttempt) {
  const played = a.camera?.played.map((p) => p.step).join(',') ?? '-';
  console.log(
    `[face-challenge] ${label}: ${answerCode(a.answer)}; steps ${a.steps.join(',') || '-'}; last instruction to verdict ${a.lastStepToVerdictMs ?? '-'} ms,` +
      ` last move's end to verdict ${a.lastMoveToVerdictMs ?? '-'} ms` +
      ` (tracker ${a.tracking}${a.camera ? `, camera drew ${a.camera.drawn} frames, dropped ${a.camera.dropped}, played ${played}` : ''})`,
  );
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : Number.NaN;
};

export interface LiveCheckRoom {
  readonly server: TestServer;
  readonly student: { id: number; email: string };
  readonly sessionId: number;
  /** a Chromium without a file camera: pages get the performer camera */
  readonly browser: Browser;
  /** Instructions in this order for the next check (the UI test's); null: drawn at random as in production. */
  script(steps: ChallengeStep[] | null): void;
  /** Each check is a student's own try: an earlier refusal must not use up the session's tries for the next. */
  freshTries(): Promise<void>;
  /** A phone page of a fresh login of the student; its camera performs each instruction (or, with `reactionMs` null, none). */
  studentPage(on: Browser, camera: { reactionMs: number | null } | null): Promise<{ page: Page; close(): Promise<void> }>;
  /**
   * `attempts` checks of the student with Chromium's file camera playing one of p1's clips in a loop whatever the page
   * asks (a recording made in advance): each check's answer code. Each goes to the server's answer, never lost.
   */
  playRecording(clip: string, attempts: number): Promise<string[]>;
}

/**
 * Issue 33's room, set up once for a describe block (its beforeAll and afterAll): a server with the live challenge,
 * p1 enrolled with their photos in BCA, a session of four hours at CLASSROOM, and a Chromium. The browser test and the
 * rate benchmark (tests/rates) share it, so both measure the same check.
 */
export function useLiveCheckRoom(): LiveCheckRoom {
  let server: TestServer;
  let student: { id: number; email: string };
  let sessionId: number;
  let frames: PerformerFrames;
  let browser: Browser;
  let tmp: string;
  let scripted: ChallengeStep[] | null = null;
  const source: ChallengeSource = { ...cryptoChallengeSource, step: () => scripted?.shift() ?? cryptoChallengeSource.step() };

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-face-challenge-'));
    // many checks of one account one after another: more than FACE_CHECKS_PER_MINUTE allows a real student
    server = await startTestServer({ env: { FACE_CHALLENGE: 'on', FACE_CHECKS_PER_MINUTE: '600' }, challengeSource: source });
    const t = await createTestUser(server.db, { role: 'teacher', department: 'BCA' });
    student = await enrolledStudent(server, await logIn(server, t.email, t.password), 'p1', 'pone@school.test');
    const bca = await server.db.selectFrom('departments').select('id').where('name', '=', 'BCA').executeTakeFirstOrThrow();
    const now = Date.now();
    sessionId = await insertSession(server.db, {
      teacher_id: t.id,
      department_id: bca.id,
      started_at: new Date(now).toISOString(),
      ends_at: new Date(now + 4 * 3_600_000).toISOString(),
    });
    frames = performerFrames();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  return {
    get server() {
      return server;
    },
    get student() {
      return student;
    },
    get sessionId() {
      return sessionId;
    },
    get browser() {
      return browser;
    },
    script(steps) {
      scripted = steps ? [...steps] : null;
    },
    async freshTries() {
      scripted = null;
      await server.db.deleteFrom('face_challenges').where('user_id', '=', student.id).execute();
      await until(async () => !(await server.db.selectFrom('face_checks_in_flight').select('user_id').where('user_id', '=', student.id).executeTakeFirst()));
    },
    async studentPage(on, camera) {
      const { page, context } = await openPage(on, server.url, { camera: true, viewport: PHONE });
      await context.setGeolocation(CLASSROOM);
      await context.addInitScript(noteInstructions);
      if (DUMP_DIR) await context.addInitScript(keepStreamedChunks);
      if (camera) await context.addInitScript(installPerformerCamera, { frames, reactionMs: camera.reactionMs, fps: 25 });
      await setStoredToken(page, await logIn(server, student.email));
      return { page, close: () => context.close() };
    },
    async playRecording(clip, attempts) {
      // a Chromium fake-camera copy of the clip (faces/challenge/README.md)
      const y4m = path.join(tmp, `${clip}.y4m`);
      const args = ['-loglevel', 'error', '-i', fixture('challenge', `${clip}.webm`), '-vf', 'scale=320:240', '-pix_fmt', 'yuv420p'];
      execFileSync(ffmpegPath(), [...args, '-f', 'yuv4mpegpipe', y4m]);
      const camera = await launchBrowser({ camera: y4m });
      try {
        const { page, close } = await this.studentPage(camera, null);
        const codes: string[] = [];
        for (let i = 1; i <= attempts; i += 1) {
          await this.freshTries();
          const attempt = await attemptLiveCheck(page, `${clip}-${String(i).padStart(2, '0')}`);
          reportAttempt(`${clip} #${i}`, attempt);
          codes.push(answerCode(attempt.answer));
          expect(attempt.answer.type).not.toBe('lost');
        }
        await close();
        console.log(`[face-challenge] ${clip}: ${codes.filter((c) => c === 'accepted').length} of ${attempts} accepted; ${codes.join(', ')}`);
        return codes;
      } finally {
        await camera.close();
      }
    },
  };
}
