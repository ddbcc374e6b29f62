import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@server/env';
import { createFaceEngine, type FaceTemplate } from '@server/face/index';
import type { Clip, Still } from './identity-data';

export interface EngineCheck {
  clip: string;
  enrolledAs: string;
  /** the clip shows the enrolled person */
  genuine: boolean;
  reason: string;
  distance: number | null;
  identityRuns: number;
}

/** Today's blink checks of the identity benchmark: its clips of blinking people, and the p1/d0 confusion both ways. */
const CHECKS = [
  ['clips/aoc_3blinks_3s.webm', 'aoc'],
  ['clips/d0_man_1blink_3s.webm', 'd0'],
  ['challenge/c01_p1_left_blink.webm', 'p1'],
  ['challenge/c02_p1_right_blink.webm', 'p1'],
  ['challenge/c03_p1_still_blink.webm', 'p1'],
  ['challenge/c09_p3_still_blink.webm', 'p3'],
  ['clips/d0_man_1blink_3s.webm', 'p1'],
  ['challenge/c03_p1_still_blink.webm', 'd0'],
] as const;

/**
 * How many times a check runs the recognizer, counted by the engine itself (EngineHooks.onIdentityRuns), one check
 * of each clip: what a recognizer's CPU per descriptor is multiplied by. The verdicts come along.
 */
export async function engineIdentityRuns(root: string, stills: Still[], clips: Clip[]): Promise<EngineCheck[]> {
  let identityRuns = 0;
  const engine = await createFaceEngine(loadConfig().face, { onIdentityRuns: (n) => (identityRuns = n) });
  try {
    const templates: Record<string, FaceTemplate> = {};
    for (const who of new Set(CHECKS.map(([, w]) => w))) {
      const files = stills.filter((s) => s.person === who && s.enrollment).map((s) => fs.readFileSync(path.join(root, s.file)));
      templates[who] = await engine.enroll(files);
    }
    const out: EngineCheck[] = [];
    for (const [clip, who] of CHECKS) {
      identityRuns = 0;
      const v = await engine.verifyVideo(fs.readFileSync(path.join(root, clip)), templates[who]);
      const genuine = clips.find((c) => c.file === clip)?.person === who;
      out.push({ clip, enrolledAs: who, genuine, reason: v.reason, distance: v.similarity, identityRuns });
    }
    return out;
  } finally {
    await engine.close();
  }
}
