/**
 * The Human settings the page's face tracker (client features/verification/tracker/face-tracker.worker.ts) and the server's
 * face engine (server face/scheduling/worker/models.ts) share, so that the guidance the page gives and the verdict
 * the server reaches come from the same reading of a face: the same tfjs backend, the same face detector with the
 * same threshold, the same mesh, and nothing else running. Each side spreads its own differences over this object
 * (where its files come from, the frame cache, how many faces, iris), with the reason beside each.
 * A plain object: the client's worker imports it without loading anything of Human's.
 */
export const HUMAN_SHARED_CONFIG = {
  backend: 'wasm',
  debug: false,
  warmup: 'none',
  filter: { enabled: false },
  gesture: { enabled: false },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    detector: { enabled: true, rotation: false, minConfidence: 0.5, return: false },
    mesh: { enabled: true },
    description: { enabled: false },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    attention: { enabled: false },
  },
} as const;
