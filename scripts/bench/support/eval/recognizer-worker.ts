import { parentPort, workerData } from 'node:worker_threads';
import { loadModels, type Models, warmUp } from '@server/face/scheduling/worker/index';
import { DETECT_CONFIG, detectFace, embed, HUMAN_MODELS, type HumanModelName, modelOf, type Preparation } from './human-recognizers';

/**
 * One of Human's recognizers in a thread of its own (Human keeps one model per slot per thread): describes every
 * image it is given each way the model is prepared, then times each way on one image. Run one at a time: CPU is
 * the process's (process.cpuUsage counts every thread), so nothing else may run beside it.
 */

export interface RecognizerImage {
  /** RGB24 on a SharedArrayBuffer */
  rgb: Uint8Array;
  width: number;
  height: number;
}

export interface RecognizerJob {
  /** null: Human's detector and mesh alone (the wasm heap they take, for comparison) */
  model: HumanModelName | null;
  images: RecognizerImage[];
  /** the image the CPU is measured on, and how many times */
  sample: number;
  reps: number;
}

export interface RecognizerResult {
  descriptors: Partial<Record<Preparation, (Float32Array | null)[]>>;
  /** CPU-seconds per descriptor: the model's input prepared, the model run, its output read */
  cpu: Partial<Record<Preparation, number>>;
  /** CPU-seconds per image of Human's detector and mesh with the crop returned, the recognizer off */
  detectCpu: number;
  /** largest difference between Human's own slot embedding and embed()'s `slot` on the sample (the check that embed reads Human right) */
  slotMirrorError: number;
  /** the URL Human says it loaded the model from */
  loadedFrom: string;
  wasmHeapAfterLoad: number;
  wasmHeapAfterRun: number;
}

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};
const wasmHeap = (m: Models) => (m.tf.backend() as unknown as { wasm?: { HEAPU8: Uint8Array } }).wasm?.HEAPU8.length ?? 0;

async function run(job: RecognizerJob): Promise<RecognizerResult> {
  const spec = HUMAN_MODELS.find((s) => s.name === job.model);
  const m = await loadModels({ role: 'liveness', recognizer: spec && { slot: spec.slot, modelPath: `file://${spec.json}` } });
  await warmUp(m);
  const result: RecognizerResult = {
    descriptors: {},
    cpu: {},
    detectCpu: 0,
    slotMirrorError: 0,
    loadedFrom: spec ? String((modelOf(m, spec) as unknown as { modelUrl?: string })?.modelUrl) : '',
    wasmHeapAfterLoad: wasmHeap(m),
    wasmHeapAfterRun: 0,
  };
  if (!spec) return result;
  for (const how of spec.preparations) result.descriptors[how] = [];
  for (const image of job.images) {
    const face = await detectFace(m, image.rgb, image.width, image.height);
    for (const how of spec.preparations) {
      let d: Float32Array | null = null;
      // the slot's embedding is Human's own; the mesh must be whole for the 5 points
      if (face && how === 'slot') d = face.slotEmbedding;
      else if (face && (how !== 'aligned' || face.mesh.length >= 468)) d = await embed(m, spec, how, face, image);
      result.descriptors[how]!.push(d);
    }
    if (face) m.tf.dispose(face.crop);
  }
  const image = job.images[job.sample];
  const face = await detectFace(m, image.rgb, image.width, image.height);
  if (!face) throw new Error('no face in the CPU sample');
  const mirror = await embed(m, spec, 'slot', face, image);
  result.slotMirrorError = Math.max(...mirror!.map((x, i) => Math.abs(x - face.slotEmbedding![i])));
  for (const how of spec.preparations) result.cpu[how] = await timed(job.reps, () => embed(m, spec, how, face, image));
  m.tf.dispose(face.crop);
  // the detector and mesh alone: the slot switched off for these calls (Human keeps each call's settings)
  const off = { face: { ...DETECT_CONFIG.face, [spec.slot]: { enabled: false } } };
  result.detectCpu = await timed(job.reps, async () => {
    const f = await detectFace(m, image.rgb, image.width, image.height, off);
    if (f) m.tf.dispose(f.crop);
  });
  result.wasmHeapAfterRun = wasmHeap(m);
  return result;
}

/** CPU-seconds per call, after 3 calls of warm-up. */
async function timed(reps: number, call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await call();
  const c0 = process.cpuUsage();
  for (let i = 0; i < reps; i++) await call();
  return cpuSeconds(c0) / reps;
}

parentPort!.postMessage(await run(workerData as RecognizerJob));
