import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { Config } from '@vladmandic/human';
import type * as Tf from '@tensorflow/tfjs-core';
import { BLINK_RULES, countBlinks, type EyeSample, eyeAspectRatio } from '@server/face/analysis/index';
import { decodeVideo } from '@server/face/decoding/index';
import { type EyeModel, loadModels, rgbTensor } from '@server/face/scheduling/worker/index';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { loadAverage } from '../support/cpu-time';
import { median } from '../support/median';

/**
 * `npm run bench:face-eye-models`: what each way of reading the eyes that the stack offers costs a frame and whether
 * the blink rules still count the fixtures' blinks with it (issue 37: iris is about half of a frame read).
 * - `iris`: the engine's reading, the face mesh refined by Human's iris model;
 * - `mesh`: the face mesh's own eye points, no second model;
 * - `attention`: Human's attention mesh, one model in place of mesh + iris.
 * Each runs in a child process of its own (Human keeps one mesh model per process). Every frame of every clip at 25 fps
 * is read in order twice with the detector every 10 frames, as tracking.ts reads; the second pass is timed (CPU ms a
 * frame, this thread). Blinks are counted by the blink-only check's rules (blink.ts) on the 12.5-fps samples the engine
 * takes, every one read (the engine leaves quiet ones out), at both phases of the 25-fps grid, against the fixtures'
 * README.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const { values } = parseArgs({ options: { eyes: { type: 'string' } } });
const MODELS: EyeModel[] = ['iris', 'mesh', 'attention'];
/**
 * Blinks counted by eye, frame by frame (faces/README.md). The challenge clips are left out: the challenge check reads
 * blinks within its steps, not over a whole clip.
 */
const CLIPS: { dir: string; name: string; blinks: number }[] = [
  { dir: 'clips', name: 'aoc_3blinks_3s', blinks: 3 },
  { dir: 'clips', name: 'd0_man_1blink_3s', blinks: 1 },
  { dir: 'clips', name: 'mcguinness_0blinks_3s', blinks: 0 },
  { dir: 'clips', name: 'spoof_print_attack_3s', blinks: 0 },
  { dir: 'clips', name: 'spoof_screen_replay_3s', blinks: 0 },
];

interface ModelResult {
  eyes: EyeModel;
  msFrame: number;
  /** per clip: blinks at the even and the odd 12.5-fps phase, and the deepest dip (mean ratio to the open baseline) */
  clips: Record<string, { even: number; odd: number; minRatio: number | null; points: number }>;
}

/** One eye model, in this process: the result as the last line of stdout. */
async function measure(eyes: EyeModel): Promise<ModelResult> {
  // no warmUp (it runs every model Human holds, and one left unloaded has no graph): the untimed first pass warms
  const m = await loadModels({ role: 'liveness', eyes });
  const ms: number[] = [];
  const clips: ModelResult['clips'] = {};
  for (const clip of CLIPS) {
    const v = await decodeVideo(fs.readFileSync(fixture(clip.dir, `${clip.name}.webm`)), { fps: 25, timeoutMs: 60_000 });
    const samples: EyeSample[] = [];
    let points = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (const [i, rgb] of v.frames.entries()) {
        const input = rgbTensor<Tf.Rank.R3>(m.tf, rgb, [v.height, v.width, 3]);
        const detector = { skipFrames: i === 0 ? 0 : 9, skipTime: 1e9, maxDetected: 4 };
        const c0 = process.cpuUsage();
        const face = { detector, mesh: { enabled: true }, iris: { enabled: eyes === 'iris' }, attention: { enabled: eyes === 'attention' } };
        const res = await m.human.detect(input, { face } as Partial<Config>);
        const c = process.cpuUsage(c0);
        const f = res.face[0];
        if (pass === 1) {
          ms.push((c.user + c.system) / 1000);
          points = Math.max(points, f?.mesh.length ?? 0);
          const readable = f && f.mesh.length >= 468;
          samples.push({
            t: (i * 1000) / 25,
            left: readable ? eyeAspectRatio(f.mesh, 'left') : null,
            right: readable ? eyeAspectRatio(f.mesh, 'right') : null,
            yaw: f?.rotation?.angle.yaw,
            pitch: f?.rotation?.angle.pitch,
          });
        }
        for (const face of res.face) m.tf.dispose(face.tensor);
        m.tf.dispose(input);
      }
    }
    const even = countBlinks(
      samples.filter((_, i) => i % 2 === 0),
      BLINK_RULES,
    );
    const odd = countBlinks(
      samples.filter((_, i) => i % 2 === 1),
      BLINK_RULES,
    );
    clips[clip.name] = { even: even.blinks, odd: odd.blinks, minRatio: even.minRatio, points };
    v.release();
  }
  return { eyes, msFrame: median(ms), clips };
}

if (values.eyes) {
  console.log(JSON.stringify(await measure(values.eyes as EyeModel)));
  process.exit(0);
}

console.log(`load average at start: ${loadAverage()}`);
const results: ModelResult[] = MODELS.map((eyes) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--eyes', eyes], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${eyes}: exit ${r.status}\n${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as ModelResult;
});
const cell = (c: ModelResult['clips'][string], truth: number) => {
  const mark = c.even === truth && c.odd === truth ? '' : ' ✗';
  return `${c.even} / ${c.odd}${mark} (${c.points} pts, min ${c.minRatio?.toFixed(2) ?? '-'})`;
};
console.log(`| clip | blinks by eye | ${MODELS.map((e) => `${e}: even / odd phase`).join(' | ')} |`);
console.log(`|---|---|${MODELS.map(() => '---').join('|')}|`);
for (const clip of CLIPS) console.log(`| ${clip.name} | ${clip.blinks} | ${results.map((r) => cell(r.clips[clip.name], clip.blinks)).join(' | ')} |`);
console.log(`| CPU ms a frame (median, one thread) | | ${results.map((r) => r.msFrame.toFixed(1)).join(' | ')} |`);
console.log(`load average at end: ${loadAverage()}`);
