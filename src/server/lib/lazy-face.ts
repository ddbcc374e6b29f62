import type { FaceEngine } from '../face/index';

/** Starts the face engine on first use: scripts and tests that never touch a face don't pay for the models. */
export function lazyFaceEngine(start: () => Promise<FaceEngine>): FaceEngine & { started(): boolean } {
  let engine: Promise<FaceEngine> | undefined;
  const get = () => (engine ??= start());
  return {
    started: () => engine !== undefined,
    enroll: async (images) => (await get()).enroll(images),
    verifyVideo: async (video, template) => (await get()).verifyVideo(video, template),
    verifyImage: async (image, template) => (await get()).verifyImage(image, template),
    stats: () => ({ queued: 0, running: 0, workers: 0 }),
    close: async () => {
      if (engine) await (await engine).close();
    },
  };
}
