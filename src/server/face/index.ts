/** The face engine: enrollment descriptors, blink liveness and 1:1 identity, in worker threads. */
export { createFaceEngine } from './scheduling/index';
export { lazyFaceEngine } from './lazy-engine';
export { FaceBusyError, FaceInputError } from './errors';
export { ffmpegPath, refuseOversizedFrames } from './decoding/index';
export { deserializeDescriptor, euclidean, serializeDescriptor } from './analysis/index';
export { ENROLL_SPREAD_MAX, FACE_MODEL_ID, type FaceEngineOptions, MAX_CONCURRENT_IMAGE_DECODES, NEIGHBOUR_RADIUS, resolveOptions } from './config';
export type { FaceEngine, FaceEngineDebug, FaceReason, FaceTemplate, FaceVerdict, LiveVideo, SeenMove, VerifyVideoOptions } from './types';
