import type { Config, Human } from '@vladmandic/human';
import { HUMAN_ASSETS_PATH } from '../../../shared/constants';
import { type FaceReading, readFace } from './face-geometry';

/**
 * Human for the page's guidance: the face detector and mesh only, on tfjs's wasm backend (a device without a GPU has
 * no WebGL), every file from our own server (src/server/static/human-models.ts).
 */
const CONFIG: Partial<Config> = {
  backend: 'wasm',
  wasmPath: `${HUMAN_ASSETS_PATH}/`,
  modelBasePath: `${HUMAN_ASSETS_PATH}/`,
  debug: false,
  warmup: 'none',
  // 0: every frame is read afresh (a cached result would hide the short dip of a blink)
  cacheSensitivity: 0,
  filter: { enabled: false },
  gesture: { enabled: false },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    // the mesh carries the face box from frame to frame; the detector runs again only now and then
    detector: { enabled: true, rotation: false, maxDetected: 1, minConfidence: 0.5, return: false },
    mesh: { enabled: true },
    iris: { enabled: false },
    description: { enabled: false },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    attention: { enabled: false },
  },
} as Partial<Config>;

export interface FaceTracker {
  /** The reading of the frame the video shows now, or null when no single face is found. */
  read(video: HTMLVideoElement): Promise<FaceReading | null>;
}

let loading: Promise<FaceTracker> | null = null;

/**
 * Loads Human (a chunk of its own, fetched only by the face page) and its models, once per page load; a failed
 * load may be tried again.
 */
export function loadFaceTracker(): Promise<FaceTracker> {
  loading ??= (async () => {
    const { Human: HumanClass } = await import('@vladmandic/human');
    const human: Human = new HumanClass(CONFIG);
    await human.load();
    // Human logs a model it could not fetch and carries on without it: a tracker that never finds a face.
    if (human.models.loaded().length < 2) throw new Error('face tracker models did not load');
    // One frame at a time: the idle preview's sampler and the recording's loop share this model.
    let queue: Promise<unknown> = Promise.resolve();
    return {
      read(video: HTMLVideoElement) {
        const next = queue.then(async () => {
          const result = await human.detect(video);
          return result.face.length === 1 ? readFace(result.face[0].mesh) : null;
        });
        queue = next.catch(() => undefined);
        return next;
      },
    };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
