import fs from 'node:fs';
import { loadConfig } from '../src/server/env';
import { ZodError } from 'zod';
import { parseChallengeSteps, type ChallengeStep } from '../src/shared/face/face-challenge';
import { createFaceEngine, FaceInputError, type FaceEngine, type FaceVerdict } from '../src/server/face/index';
import { faceInputMessage, verdictMessage } from '../src/server/services/faces/index';

/** A refusal of the command line itself (arguments, unreadable files): exit 2 like a refused upload. */
class UsageError extends Error {}

/**
 * Admin and benchmark CLI: enroll 3 photos, then check a video (liveness + identity) or a photo (identity only).
 * `--challenge left,right,blink` (or turn_left,turn_right,blink) checks the video against a challenge's moves and
 * prints the moves it saw.
 * Exit 0 accepted, 1 rejected, 2 bad input (arguments, unreadable files, refused enrollment or upload).
 * `ms` is the verification alone; starting the engine is not counted.
 */
const USAGE = 'Usage: npm run face-check -- --enroll A.jpg B.jpg C.jpg (--video V.webm [--challenge left,right,blink] | --image P.jpg) [--json]';

function challengeArg(text: string | undefined): ChallengeStep[] {
  try {
    return parseChallengeSteps(text ?? '');
  } catch (err) {
    if (err instanceof ZodError) throw new UsageError(`--challenge takes moves separated by commas: left, right, blink (got "${text ?? ''}")`);
    throw err;
  }
}

function parse(argv: string[]) {
  const out: { enroll: string[]; video?: string; image?: string; challenge?: ChallengeStep[]; json: boolean } = { enroll: [], json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') out.json = true;
    else if (a === '--challenge') out.challenge = challengeArg(argv[++i]);
    else if (a === '--video' || a === '--image') out[a.slice(2) as 'video' | 'image'] = argv[++i];
    else if (a === '--enroll') while (argv[i + 1] && !argv[i + 1].startsWith('--')) out.enroll.push(argv[++i]);
    else throw new UsageError(`Unknown argument: ${a}`);
  }
  if (out.enroll.length !== 3 || !!out.video === !!out.image || (out.challenge && !out.video)) throw new UsageError(USAGE);
  return out;
}

function readFile(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch {
    throw new UsageError(`Cannot read ${file}`);
  }
}

function print(v: FaceVerdict, from: 'video' | 'image', json: boolean, challenge?: ChallengeStep[]) {
  const { success, reason, blink_count, similarity, ms, moves } = v;
  const message = verdictMessage(reason, from);
  if (json) console.log(JSON.stringify({ success, reason, message, blink_count, similarity, ms, ...(challenge ? { challenge, moves } : {}) }));
  else {
    console.log(`${success ? 'ACCEPTED' : 'REJECTED'} (${v.reason}): ${message}\n  blinks ${blink_count}, distance ${similarity ?? 'n/a'}, ${ms} ms`);
    if (challenge) {
      const seen = moves?.map((m) => `${m.step} at ${(m.at_ms / 1000).toFixed(2)} s${m.astride ? " (at a turn's start: not counted)" : ''}`).join(', ');
      console.log(`  challenge: ${challenge.join(', ')}\n  moves seen: ${seen || 'none'}`);
    }
  }
}

let engine: FaceEngine | undefined;
try {
  const args = parse(process.argv.slice(2));
  const images = args.enroll.map(readFile);
  const probe = readFile((args.video ?? args.image)!);
  engine = await createFaceEngine(loadConfig().face);
  const template = await engine.enroll(images);
  const verdict = args.video ? await engine.verifyVideo(probe, template, { challenge: args.challenge }) : await engine.verifyImage(probe, template);
  print(verdict, args.video ? 'video' : 'image', args.json, args.challenge);
  process.exitCode = verdict.success ? 0 : 1;
} catch (err) {
  const bad = err instanceof FaceInputError || err instanceof UsageError;
  const message = err instanceof FaceInputError ? faceInputMessage(err) : err instanceof UsageError ? err.message : String((err as Error)?.stack ?? err);
  if (process.argv.includes('--json')) console.log(JSON.stringify({ success: false, message, blink_count: 0, similarity: null, ms: 0 }));
  else console.error(message);
  process.exitCode = bad ? 2 : 3;
} finally {
  await engine?.close();
}
