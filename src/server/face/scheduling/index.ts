/**
 * Scheduling: the engine. A check waits at the gate, its video is decoded while worker threads (worker/) read its
 * runs of frames, and analysis turns their readings into the verdict; a photo is described coarse to fine.
 */
export { createFaceEngine, describePhoto } from './engine';
