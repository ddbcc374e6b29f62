import type { FaceReading } from './face-geometry';
import type { TrackerReply, TrackerRequest } from './face-tracker-protocol';

export interface FaceTracker {
  /** The reading of the frame the video shows now, or null when no single face is found. */
  read(video: HTMLVideoElement): Promise<FaceReading | null>;
}

let loading: Promise<FaceTracker> | null = null;

/**
 * Starts the tracker's worker (Human and its models in a chunk of their own, fetched only by the face page), once per
 * page load; a failed load may be tried again. The page's main thread only copies each frame out
 * (createImageBitmap), so the recorder beside it keeps every camera frame however slow the reads are.
 */
export function loadFaceTracker(): Promise<FaceTracker> {
  loading ??= new Promise<FaceTracker>((resolve, reject) => {
    const worker = new Worker(new URL('./face-tracker.worker.ts', import.meta.url), { type: 'module' });
    const waiting = new Map<number, { resolve(r: FaceReading | null): void; reject(e: Error): void }>();
    let nextId = 0;
    worker.onerror = (event) => {
      event.preventDefault();
      const err = new Error(event.message || 'face tracker failed');
      for (const w of waiting.values()) w.reject(err);
      waiting.clear();
      worker.terminate();
      reject(err);
    };
    worker.onmessage = ({ data }: MessageEvent<TrackerReply>) => {
      if (data.kind === 'failed') {
        worker.terminate();
        reject(new Error(data.message));
        return;
      }
      if (data.kind === 'ready') return;
      const w = waiting.get(data.id);
      waiting.delete(data.id);
      if (data.kind === 'reading') w?.resolve(data.reading);
      else w?.reject(new Error(data.message));
    };
    // One frame at a time: the idle preview's sampler and the recording's loop share this worker.
    let queue: Promise<unknown> = Promise.resolve();
    const tracker: FaceTracker = {
      read(video: HTMLVideoElement) {
        const next = queue.then(async () => {
          const frame = await createImageBitmap(video);
          const id = nextId++;
          return new Promise<FaceReading | null>((done, fail) => {
            waiting.set(id, { resolve: done, reject: fail });
            worker.postMessage({ id, frame } satisfies TrackerRequest, [frame]);
          });
        });
        queue = next.catch(() => undefined);
        return next;
      },
    };
    worker.addEventListener('message', ({ data }: MessageEvent<TrackerReply>) => {
      if (data.kind === 'ready') resolve(tracker);
    });
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
