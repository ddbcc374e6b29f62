import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { decodeFaceCrop, decodeImage } from '@server/face/decoding/index';
import { describeChip, describeFace, loadModels, type Models, readFrames, warmUp } from '@server/face/scheduling/worker/index';
import { Slots } from '@server/lib/slots';
import { FIXTURES_DIR as ROOT, hasFixtures, NO_FIXTURES_MESSAGE } from '../harness/face-fixtures';
import { enginePhotoFace } from './support/eval/descriptors';
import { engineIdentityRuns } from './support/eval/engine-identity-runs';
import { fixtureClips, fixtureStills, sharpClipFrames, shared } from './support/eval/identity-data';
import { HUMAN_MODELS } from './support/eval/human-recognizers';
import { printReport, type RecognizerRun } from './support/eval/identity-report';
import { buildTrials, type Sample } from './support/eval/identity-trials';
import type { RecognizerImage } from './support/eval/recognizer-worker';
import { runRecognizer } from './support/eval/run-recognizer';
import { loadAverage } from './support/cpu-time';

/**
 * `npm run bench:identity [-- --quick]`: today's recognizer (face-api) against Human's (faceres, faceres-deep,
 * mobilefacenet, mobileface, each as Human runs it and as it was trained) on every real face of the fixtures, and
 * face-api fused with the best of them: false matches between different people, refused genuine attempts, the
 * threshold each needs, CPU per descriptor and per check. Descriptors live in memory for one run only. Human's
 * recognizers run one at a time in threads of their own (recognizer-worker.ts), so CPU is the process's.
 * `--quick` takes a few people and two clips: for trying the script, not for figures.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const { values } = parseArgs({ options: { quick: { type: 'boolean' } } });
const QUICK = !!values.quick;
const REPS = QUICK ? 5 : 20;
console.log(`load average at start: ${loadAverage()}${QUICK ? ' (--quick: a subset, not for figures)' : ''}`);

/** The image every recognizer's CPU is measured on: an enrollment still, the face large and frontal. */
const CPU_SAMPLE = 'clips/enroll_d0_f005.jpg';
const quickPeople = (p: string) => !p.startsWith('london/') || ['london/001', 'london/005', 'london/009'].includes(p);
const stills = fixtureStills(ROOT).filter((s) => !QUICK || (quickPeople(s.person) && !s.person.startsWith('bbt/')));
const clips = fixtureClips(ROOT).filter((c) => !QUICK || ['d0', 'p1'].includes(c.person));

// face-api in this thread, as the engine's chain runs it; Human's inputs prepared beside it
const models = await loadModels({ role: 'full' });
await warmUp(models);
const heapOf = (m: Models) => (m.tf.backend() as unknown as { wasm: { HEAPU8: Uint8Array } }).wasm.HEAPU8.length;
const faceapiHeap = heapOf(models);
const decodes = new Slots(1);
const samples: Sample[] = [];
const faceapi: (Float32Array | null)[] = [];
const humanImages: RecognizerImage[] = [];
let cpuSample = -1;
/**
 * face-api on a frame as the engine identifies one: the recognizer alone on the box Human's mesh gives (the
 * liveness pass's chip, describeChip), face-api's whole chain where the mesh found no face. (The engine also reads
 * a chip again by the chain when it reads as someone else; that needs a template and is left out here.)
 */
const describeFrame = async (rgb: Uint8Array, width: number, height: number) => {
  const [reading] = await readFrames(models, [rgb], width, height);
  return reading?.chip ? describeChip(models, rgb, width, height, reading.chip) : describeFace(models, rgb, width, height, false);
};
for (const s of stills) {
  const bytes = fs.readFileSync(path.join(ROOT, s.file));
  const r = await enginePhotoFace(models, bytes);
  // Human gets the face's region cut from the full photo (the engine's second look at a photo): a standing
  // portrait's face is a few dozen pixels in the 640-px copy
  const img = r.box ? await decodeFaceCrop(bytes, r.box, 1, decodes) : await decodeImage(bytes, 1, decodes);
  if (s.file === CPU_SAMPLE) cpuSample = samples.length;
  samples.push({ person: s.person, label: s.file, kind: 'still', enrollment: s.enrollment });
  faceapi.push(r.descriptor ? Float32Array.from(r.descriptor) : null);
  humanImages.push({ rgb: shared(img.rgb), width: img.width, height: img.height });
}
for (const c of clips)
  for (const f of await sharpClipFrames(fs.readFileSync(path.join(ROOT, c.file)))) {
    const r = await describeFrame(f.rgb, f.width, f.height);
    const clip = { name: path.basename(c.file).split('_')[0], frontal: c.frontal };
    samples.push({ person: c.person, label: `${c.file}#${f.frame}`, kind: 'frame', enrollment: false, clip });
    faceapi.push(r.descriptor ? Float32Array.from(r.descriptor) : null);
    humanImages.push(f);
  }

// face-api's CPU on the sample: the recognizer alone on the mesh's chip (describeChip, what the engine runs on an
// identity frame), and the whole chain (detector, landmarks, recognizer)
const timed = async (call: () => Promise<unknown>) => {
  for (let i = 0; i < 3; i++) await call();
  const c0 = process.cpuUsage();
  for (let i = 0; i < REPS; i++) await call();
  const u = process.cpuUsage(c0);
  return (u.user + u.system) / 1e6 / REPS;
};
const sampleImg = await decodeImage(fs.readFileSync(path.join(ROOT, CPU_SAMPLE)), 1, decodes);
const chip = (await readFrames(models, [sampleImg.rgb], sampleImg.width, sampleImg.height))[0]?.chip;
if (!chip || cpuSample < 0) throw new Error(`the CPU sample (${CPU_SAMPLE}) gave no face`);
const faceapiChipCpu = await timed(() => describeChip(models, sampleImg.rgb, sampleImg.width, sampleImg.height, chip));
const faceapiChainCpu = await timed(() => describeFace(models, sampleImg.rgb, sampleImg.width, sampleImg.height, false));
const fileSize = (...p: string[]) => fs.statSync(path.join(...p)).size;
// face-api's model folder, found as the engine's libraries.ts finds it
const FACEAPI_MODELS_DIR = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api')), '..', 'model');
const runs: RecognizerRun[] = [
  {
    name: 'face-api (engine)',
    model: 'face-api',
    metric: 'euclidean',
    descriptors: faceapi,
    cpu: faceapiChipCpu,
    detectCpu: faceapiChainCpu - faceapiChipCpu,
    sizeBytes: fileSize(FACEAPI_MODELS_DIR, 'face_recognition_model.bin') + fileSize(FACEAPI_MODELS_DIR, 'face_recognition_model-weights_manifest.json'),
    heapBytes: faceapiHeap,
    notes: [],
  },
];

const baseline = await runRecognizer({ model: null, images: [], sample: 0, reps: 0 });
for (const spec of HUMAN_MODELS) {
  const r = await runRecognizer({ model: spec.name, images: humanImages, sample: cpuSample, reps: REPS });
  const weights = JSON.parse(fs.readFileSync(spec.json, 'utf8')).weightsManifest.flatMap((g: { paths: string[] }) => g.paths) as string[];
  const sizeBytes = fs.statSync(spec.json).size + weights.reduce((s, p) => s + fileSize(path.dirname(spec.json), p), 0);
  for (const how of spec.preparations)
    runs.push({
      name: `${spec.name} · ${how}`,
      model: spec.name,
      metric: 'cosine',
      descriptors: r.descriptors[how]!,
      cpu: r.cpu[how]!,
      detectCpu: r.detectCpu,
      sizeBytes,
      heapBytes: r.wasmHeapAfterLoad,
      notes:
        how === 'slot'
          ? [`loaded from ${r.loadedFrom}; Human's slot embedding vs this script's copy of the slot: max |diff| ${r.slotMirrorError.toExponential(1)}`]
          : [],
    });
}

// How many times a check runs the recognizer (one check of each blink clip, the engine's own count)
const engineChecks = QUICK ? [] : await engineIdentityRuns(ROOT, stills, clips);

// One group of faces can decide every recognizer's threshold: the same figures without the London set's studio
// portraits (51 people, one studio, one light) show what that group costs
const keep = samples.map((s) => !s.person.startsWith('london/'));
const subset = <T>(xs: T[]) => xs.filter((_, i) => keep[i]);
printReport({
  trials: buildTrials(samples),
  runs,
  baselineHeap: baseline.wasmHeapAfterLoad,
  engineChecks,
  assumedRuns: 5,
  reps: REPS,
  without: {
    label: 'identities/NNN (the London set, 51 people) left out',
    trials: buildTrials(subset(samples)),
    runs: runs.map((r) => ({ ...r, descriptors: subset(r.descriptors) })),
  },
});
console.log(`load average at end: ${loadAverage()}`);
