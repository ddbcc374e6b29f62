/** What deps holds of the face search (deps.faceIndex): deps.ts imports it from here; everything else uses ../index.ts. */
export type { FaceIndex } from './face-index';
