import { Worker } from 'node:worker_threads';
import { faceWorkerEntry } from '@server/lib/install-layout';
import { WORKER_YOUNG_GENERATION_MB } from '../config';
import type { TaskRequest, TaskResult, WorkerMemory, WorkerMessage } from '../protocol';
import type { WorkerRole } from './worker/models';

export class TaskTimeoutError extends Error {
  override name = 'TaskTimeoutError';
}

interface Pending {
  id: number;
  /** index of the only worker that may run it (its models, or the share of a clip planned for it) */
  worker?: number;
  task: TaskRequest;
  transfer: ArrayBuffer[];
  deadline: number;
  resolve: (r: TaskResult) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
  memory: WorkerMemory | null;
}

/**
 * A small young generation per worker: V8's default lets each isolate's nursery grow to tens of MB, and the
 * workers' garbage is small (mesh points, messages); their big data lives in the wasm heap (measured: -70 MB RSS).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB };

/**
 * A fixed set of worker threads fed from one FIFO of tasks, one task per worker at a time; a task may be pinned to
 * a worker. A task still running at its deadline has its worker terminated (wasm cannot be interrupted) and
 * replaced, so one stuck clip cannot hold a core forever.
 */
export class WorkerPool {
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly size: number,
    private readonly roleOf: (index: number) => WorkerRole,
  ) {}

  /** Resolves once every worker has loaded and warmed its models. */
  async start(): Promise<void> {
    await Promise.all(Array.from({ length: this.size }, (_, i) => this.spawn(i)));
  }

  run<T extends TaskResult>(task: TaskRequest, opts: { deadline: number; worker?: number; transfer?: ArrayBuffer[] }): Promise<T> {
    if (this.closed) return Promise.reject(new Error('worker pool closed'));
    return new Promise<T>((resolve, reject) => {
      const { deadline, worker, transfer = [] } = opts;
      this.queue.push({ id: this.nextId++, task, transfer, deadline, worker, resolve: resolve as (r: TaskResult) => void, reject });
      this.dispatch();
    });
  }

  get queued() {
    return this.queue.length;
  }
  get busy() {
    return this.slots.filter((s) => s?.current).length;
  }
  /** True when worker i is up, runs nothing and nothing waits for it: a task for it would start at once. */
  idle(i: number): boolean {
    const slot = this.slots[i];
    return !!slot?.ready && !slot.current && !this.queue.some((p) => p.worker === undefined || p.worker === i);
  }

  /** Each worker's memory after its last task (leak detection, benchmark). */
  memory(): (WorkerMemory | null)[] {
    return this.slots.map((s) => s.memory);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('worker pool closed'));
    await Promise.all(
      this.slots.map(async (s) => {
        if (s.timer) clearTimeout(s.timer);
        s.current?.reject(new Error('worker pool closed'));
        await s.worker.terminate();
      }),
    );
  }

  private spawn(index: number): Promise<void> {
    const worker = new Worker(faceWorkerEntry(), { workerData: { role: this.roleOf(index) }, resourceLimits: WORKER_LIMITS });
    const slot: Slot = { worker, ready: false, current: null, timer: null, memory: null };
    this.slots[index] = slot;
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (msg: WorkerMessage) => {
        if (msg.type === 'ready') {
          slot.ready = true;
          slot.memory = msg.memory;
          resolve();
          this.dispatch();
        } else if (msg.type === 'fatal') {
          reject(new Error(`face worker failed to start: ${msg.error}`));
          void worker.terminate();
        } else this.finish(slot, msg);
      });
      worker.on('error', (err) => {
        reject(err);
        this.replace(index, slot, err);
      });
      worker.on('exit', (code) => {
        if (!this.closed && this.slots[index] === slot) this.replace(index, slot, new Error(`face worker exited with code ${code}`));
      });
    });
  }

  private replace(index: number, slot: Slot, err: Error) {
    if (this.slots[index] !== slot) return; // already replaced
    if (slot.timer) clearTimeout(slot.timer);
    slot.current?.reject(err);
    slot.current = null;
    void slot.worker.terminate();
    if (!this.closed && slot.ready) void this.spawn(index).catch(() => undefined);
  }

  private finish(slot: Slot, msg: Extract<WorkerMessage, { type: 'result' }>) {
    const p = slot.current;
    if (!p || p.id !== msg.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.current = null;
    slot.timer = null;
    slot.memory = msg.memory;
    if (msg.ok) p.resolve(msg.result);
    else p.reject(new Error(msg.error));
    this.dispatch();
  }

  private dispatch() {
    const now = Date.now();
    for (const expired of this.queue.filter((p) => p.deadline <= now)) expired.reject(new TaskTimeoutError('task expired in the queue'));
    this.queue = this.queue.filter((p) => p.deadline > now);
    for (let i = 0; i < this.slots.length; i++) {
      const slot = this.slots[i];
      if (!slot?.ready || slot.current) continue;
      const at = this.queue.findIndex((p) => p.worker === undefined || p.worker === i);
      if (at < 0) continue;
      const next = this.queue.splice(at, 1)[0];
      slot.current = next;
      slot.timer = setTimeout(() => this.replace(i, slot, new TaskTimeoutError('task ran past its deadline')), next.deadline - now);
      slot.worker.postMessage({ id: next.id, task: next.task }, next.transfer);
    }
  }
}
