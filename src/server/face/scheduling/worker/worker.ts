import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { TaskRequest, TaskResult, WorkerMemory, WorkerMessage } from '@server/face/protocol';
import { describeChip, describeFace } from './describe';
import { loadModels, warmUp, type Models, type WorkerRole } from './models';
import { readFrames } from './tracking';
import { liveFrameSource } from '@server/face/live-frames';

/** One face-engine worker: loads the models once, then runs one task at a time for the pool. */
const port = parentPort!;
const send = (msg: WorkerMessage) => port.postMessage(msg);

function memory(m: Models): WorkerMemory {
  const wasm = (m.tf.backend() as unknown as { wasm?: { HEAPU8: Uint8Array } }).wasm;
  return { numTensors: m.tf.memory().numTensors, wasmHeapBytes: wasm?.HEAPU8.length ?? 0, jsHeapBytes: v8.getHeapStatistics().used_heap_size };
}

async function run(m: Models, task: TaskRequest): Promise<TaskResult> {
  switch (task.kind) {
    case 'frames':
      return readFrames(m, task.frames, task.width, task.height, task.skipQuiet);
    case 'frames-live':
      return readFrames(m, liveFrameSource(task.live, task.start), task.live.width, task.live.height, task.skipQuiet);
    case 'describe':
      return describeFace(m, task.rgb, task.width, task.height, task.count);
    case 'describe-chip':
      return describeChip(m, task.rgb, task.width, task.height, task.chip);
  }
}

try {
  const started = performance.now();
  const models = await loadModels({ role: (workerData as { role: WorkerRole }).role });
  await warmUp(models);
  let chain = Promise.resolve();
  port.on('message', ({ id, task }: { id: number; task: TaskRequest }) => {
    // The pool sends one task at a time; chaining keeps Human's per-thread box cache to one clip at a time anyway.
    chain = chain.then(async () => {
      try {
        const result = await run(models, task);
        send({ type: 'result', id, ok: true, result, memory: memory(models) });
      } catch (err) {
        send({ type: 'result', id, ok: false, error: String((err as Error)?.stack ?? err), memory: memory(models) });
      }
    });
  });
  send({ type: 'ready', ms: performance.now() - started, memory: memory(models) });
} catch (err) {
  send({ type: 'fatal', error: String((err as Error)?.stack ?? err) });
}
