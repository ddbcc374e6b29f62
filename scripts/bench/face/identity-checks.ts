import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { euclidean } from '@server/face/analysis/index';
import { createFaceEngine, type FaceTemplate, type FaceVerdict, NEIGHBOUR_RADIUS } from '@server/face/index';
import { FIXTURES_DIR as ROOT, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { loadAverage } from '../support/cpu-time';

/**
 * `npm run bench:identity-checks [-- --thresholds 0.34,0.36,0.38,0.40,0.42,0.50]`: whole checks, not frames. Every
 * real clip is checked by the engine (blink-only, as an upload) against every enrolled person, at each threshold:
 * how many genuine checks identity refuses (identity_mismatch, face_changed, or blinks it cannot confirm as the
 * student's), and how many checks of one person against another's enrollment identity lets through (any verdict
 * but identity_mismatch/face_changed: liveness may still refuse, identity did not). The per-frame rates of
 * `bench:identity` overstate a check's refusals: a check averages its probes and needs only its blinks' flanks.
 * The checks run on templates without neighbours (the threshold alone); the last column adds the neighbour rule
 * (verdict.ts): a check passed by identity is refused when the clip reads closer to another enrolled person whose
 * template lies within NEIGHBOUR_RADIUS of the checked one's (the same clip's distance to that person's enrollment,
 * from the same run).
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const { values } = parseArgs({ options: { thresholds: { type: 'string' } } });
const THRESHOLDS = (values.thresholds ?? '0.34,0.36,0.38,0.40,0.42,0.50').split(',').map(Number);
const read = (...p: string[]) => fs.readFileSync(path.join(ROOT, ...p));

const enrollments: Record<string, string[][]> = {
  aoc: ['f005', 'f045', 'f070'].map((f) => ['clips', `enroll_aoc_${f}.jpg`]),
  mcguinness: ['f003', 'f025', 'f115'].map((f) => ['clips', `enroll_mcguinness_${f}.jpg`]),
  d0: ['f005', 'f030', 'f050'].map((f) => ['clips', `enroll_d0_${f}.jpg`]),
  p1: ['src5', 'src176', 'src181'].map((s) => ['challenge', `enroll_p1_${s}.jpg`]),
  p3: ['src185', 'src192', 'src200'].map((s) => ['challenge', `enroll_p3_${s}.jpg`]),
};
const clips: { file: string[]; person: string }[] = [
  { file: ['clips', 'aoc_3blinks_3s.webm'], person: 'aoc' },
  { file: ['clips', 'mcguinness_0blinks_3s.webm'], person: 'mcguinness' },
  { file: ['clips', 'd0_man_1blink_3s.webm'], person: 'd0' },
  ...fs
    .readdirSync(path.join(ROOT, 'challenge'))
    .filter((f) => f.endsWith('.webm'))
    .sort()
    .map((f) => ({ file: ['challenge', f], person: f.split('_')[1] })),
];

/** Identity's own refusals; anything else means identity let the clip through (liveness may still refuse it). */
const IDENTITY_REFUSALS = new Set(['identity_mismatch', 'face_changed']);
console.log(`load average at start: ${loadAverage()}`);
const rows: { t: number; clip: string; person: string; as: string; v: FaceVerdict }[] = [];
const neighbours = new Map<string, string[]>();
for (const t of THRESHOLDS) {
  const engine = await createFaceEngine({ threshold: t, workers: 2 });
  const templates: Record<string, FaceTemplate> = {};
  for (const [who, files] of Object.entries(enrollments)) templates[who] = await engine.enroll(files.map((f) => read(...f)));
  for (const a of Object.keys(templates))
    neighbours.set(
      a,
      Object.keys(templates).filter((b) => b !== a && euclidean(templates[a].mean, templates[b].mean) <= NEIGHBOUR_RADIUS),
    );
  for (const c of clips) {
    const video = read(...c.file);
    for (const as of Object.keys(enrollments)) {
      const v = await engine.verifyVideo(video, templates[as]);
      rows.push({ t, clip: c.file[1], person: c.person, as, v });
    }
  }
  await engine.close();
}

/** Whether the neighbour rule refuses this accepted check: the clip reads closer to an enrolled neighbour of `as`. */
const neighbourCloser = (r: (typeof rows)[number]) =>
  r.v.similarity !== null &&
  (neighbours.get(r.as) ?? []).some((n) => {
    const other = rows.find((x) => x.t === r.t && x.clip === r.clip && x.as === n)?.v.similarity;
    return other !== null && other !== undefined && other < r.v.similarity!;
  });
console.log(`\nneighbours (template means within ${NEIGHBOUR_RADIUS}): ${[...neighbours].map(([a, ns]) => `${a}: ${ns.join(',') || '-'}`).join('; ')}`);
console.log(
  '\n| threshold | genuine checks refused (clips with a blink: liveness can pass) | impostor checks accepted | impostor checks identity refused / liveness refused first | closest impostor check distance (clip as person) | with the neighbour rule: genuine refused, impostors accepted |',
);
console.log('|---|---|---|---|---|---|');
// a clip whose own check liveness refuses at every threshold (no blink) says nothing about identity's refusals
const live = new Set(rows.filter((r) => r.person === r.as && r.v.reason === 'accepted').map((r) => r.clip));
for (const t of THRESHOLDS) {
  const at = rows.filter((r) => r.t === t);
  const genuine = at.filter((r) => r.person === r.as && live.has(r.clip));
  const impostor = at.filter((r) => r.person !== r.as);
  const refused = genuine.filter((r) => r.v.reason !== 'accepted');
  const accepted = impostor.filter((r) => r.v.reason === 'accepted');
  const byIdentity = impostor.filter((r) => IDENTITY_REFUSALS.has(r.v.reason)).length;
  const closest = impostor.filter((r) => r.v.similarity !== null).sort((a, b) => a.v.similarity! - b.v.similarity!)[0];
  const list = (xs: typeof rows) =>
    xs.length ? ` (${xs.map((r) => `${r.clip}${r.person === r.as ? '' : ` as ${r.as}`}: ${r.v.reason} ${r.v.similarity?.toFixed(3)}`).join(', ')})` : '';
  console.log(
    `| ${t.toFixed(2)} | ${refused.length}/${genuine.length}${list(refused)} | ${accepted.length}/${impostor.length}${list(accepted)} | ${byIdentity} / ${impostor.length - byIdentity - accepted.length} | ${closest ? `${closest.v.similarity!.toFixed(3)} (${closest.clip} as ${closest.as})` : '-'} | ${refused.length + genuine.filter((r) => r.v.reason === 'accepted' && neighbourCloser(r)).length}/${genuine.length}, ${accepted.filter((r) => !neighbourCloser(r)).length}/${impostor.length}${list(accepted.filter((r) => !neighbourCloser(r)))} |`,
  );
}
console.log('\nPer clip at each threshold (reason, distance):');
for (const c of clips)
  for (const as of Object.keys(enrollments)) {
    const cells = THRESHOLDS.map((t) => rows.find((r) => r.t === t && r.clip === c.file[1] && r.as === as)!.v).map(
      (v) => `${v.reason} ${v.similarity?.toFixed(3) ?? '-'}`,
    );
    console.log(`${c.file[1]} as ${as}${c.person === as ? ' (own)' : ''}: ${cells.join(' | ')}`);
  }
console.log(`load average at end: ${loadAverage()}`);
process.exit(0);
