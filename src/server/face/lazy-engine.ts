import type { FaceEngine } from './types';

/** Starts the face engine on first use: scripts and tests that never touch a face don't pay for the models. */
export function lazyFaceEngine(start: () => Promise<FaceEngine>): FaceEngine {
  let engine: Promise<FaceEngine> | undefined;
  let ready: FaceEngine | undefined;
  const get = () =>
    (engine ??= start().then((e) => {
      ready = e;
      return e;
    }));
  return {
    enroll: async (images) => (await get()).enroll(images),
    verifyVideo: async (video, template, opts) => (await get()).verifyVideo(video, template, opts),
    verifyImage: async (image, template) => (await get()).verifyImage(image, template),
    stats: () => ready?.stats() ?? { queued: 0, running: 0, workers: 0 },
    // only once the engine runs: a stream before that is decoded whole at its end
    startLiveDecode: (maxSeconds) => {
      void get();
      return ready?.startLiveDecode?.(maxSeconds) ?? null;
    },
    close: async () => {
      if (engine) await (await engine).close();
    },
  };
}
