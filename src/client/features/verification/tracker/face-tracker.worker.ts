import type { Config, Human } from '@vladmandic/human';
import { HUMAN_ASSETS_PATH } from '@shared/constants';
import { HUMAN_SHARED_CONFIG } from '@shared/face/human-config';
import { readFace } from './face-geometry';
import type { TrackerReply, TrackerRequest } from './face-tracker-protocol';

/**
 * Human for the page's guidance, over the settings it shares with the server's engine (shared/face/human-config.ts).
 * What differs here, and why:
 * - every file from our own server (src/server/static/human-models.ts), wasm on tfjs's wasm backend: a device
 *   without a GPU has no WebGL;
 * - cacheSensitivity 0: every frame is read afresh (a cached result would hide the short dip of a blink);
 * - one face: the page guides the student in front of the camera; the server's verdict looks for others;
 * - the detector keeps Human's own skipping: the mesh carries the face box from frame to frame and the detector
 *   runs again only now and then (the server chooses its detector frames itself);
 * - no iris: a turn needs the pose and the lids show a blink well enough for guidance (one model fewer to fetch).
 */
const CONFIG = {
  ...HUMAN_SHARED_CONFIG,
  wasmPath: `${HUMAN_ASSETS_PATH}/`,
  modelBasePath: `${HUMAN_ASSETS_PATH}/`,
  cacheSensitivity: 0,
  face: {
    ...HUMAN_SHARED_CONFIG.face,
    detector: { ...HUMAN_SHARED_CONFIG.face.detector, maxDetected: 1 },
    iris: { enabled: false },
  },
} as Partial<Config>;

/**
 * The tracker's models run here, off the page's main thread: a read is one long synchronous stretch of wasm (300 ms
 * and more on a loaded machine or a slow phone), and while the main thread is held the browser's MediaRecorder
 * drops camera frames (docs/face-challenge.md: a 160-ms blink lost from the upload). The page sends each frame as
 * an ImageBitmap and gets the reading back.
 */
interface WorkerScope {
  postMessage(reply: TrackerReply): void;
  onmessage: ((e: MessageEvent<TrackerRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

const ready: Promise<Human> = (async () => {
  const { Human: HumanClass } = await import('@vladmandic/human');
  const human: Human = new HumanClass(CONFIG);
  await human.load();
  // Human logs a model it could not fetch and carries on without it: a tracker that never finds a face.
  if (human.models.loaded().length < 2) throw new Error('face tracker models did not load');
  return human;
})();

ready.then(
  () => scope.postMessage({ kind: 'ready' }),
  (err: unknown) => scope.postMessage({ kind: 'failed', message: err instanceof Error ? err.message : String(err) }),
);

scope.onmessage = async ({ data }) => {
  const { id, frame } = data;
  try {
    const result = await (await ready).detect(frame);
    scope.postMessage({ kind: 'reading', id, reading: result.face.length === 1 ? readFace(result.face[0].mesh) : null });
  } catch (err) {
    scope.postMessage({ kind: 'error', id, message: err instanceof Error ? err.message : String(err) });
  } finally {
    frame.close();
  }
};
