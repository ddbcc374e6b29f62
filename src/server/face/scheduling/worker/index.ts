/**
 * The worker's model code, for benchmarks that run it in this thread. The engine's threads start at entry.mjs
 * (worker.ts); nothing on the server imports this file.
 */
export { describeChip, describeFace, ENGINE_PLAN } from './describe';
export { type EyeModel, loadModels, type Models, warmUp } from './models';
export { rgbTensor } from './staging';
export { readFrames } from './tracking';
