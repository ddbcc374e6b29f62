import { type RefObject, useCallback } from 'react';
import { useWebcam } from '@/lib/device/use-webcam';

// VP8 first: it is what the server's decoder and the face fixtures were made with; any webm will do.
const MIME_CANDIDATES = ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm'];

function pickRecordingMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return MIME_CANDIDATES.find((type) => MediaRecorder.isTypeSupported(type));
}

/** Every recording of the face page (the live check's stream and the blink-only clip) is encoded alike. */
export function recorderOptions(): MediaRecorderOptions {
  const mimeType = pickRecordingMimeType();
  return { ...(mimeType ? { mimeType } : {}), videoBitsPerSecond: 1_500_000 };
}

/** A recording under way: it ends when stopped or after its longest time, whichever comes first. */
export interface Recording {
  /** performance.now() when the recorder really started (onstart) */
  started: Promise<number>;
  stop(): void;
  /** the webm clip once stopped */
  video: Promise<Blob>;
}

/**
 * The camera preview (via useWebcam) plus `startRecording(maxMs)`: a webm clip of the live stream at the stream's
 * own size (the camera's best up to 640x480: never scaled up, which would add no detail).
 */
export function useWebcamRecorder(videoRef: RefObject<HTMLVideoElement | null>, onCameraError: (err: unknown) => void, attempt = 0) {
  const camera = useWebcam(videoRef, onCameraError, attempt);

  const startRecording = useCallback(
    (maxMs: number): Recording => {
      const stream = videoRef.current?.srcObject;
      if (!(stream instanceof MediaStream) || typeof MediaRecorder === 'undefined') {
        const failed = Promise.reject(new Error('Camera is not ready'));
        return { started: failed, video: failed, stop: () => undefined };
      }
      const recorder = new MediaRecorder(stream, recorderOptions());
      const chunks: Blob[] = [];
      const stop = () => {
        if (recorder.state !== 'inactive') recorder.stop();
      };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const video = new Promise<Blob>((resolve, reject) => {
        recorder.ondataavailable = (event) => {
          if (event.data.size > 0) chunks.push(event.data);
        };
        recorder.onstop = () => {
          clearTimeout(timer);
          resolve(new Blob(chunks, { type: (recorder.mimeType || 'video/webm').split(';')[0] }));
        };
        recorder.onerror = () => reject(new Error('Recording failed'));
      });
      // The clock starts when the recorder does (onstart), not when it is asked to: on a busy machine start-up
      // can take a while, and a clip cut short loses the move at its end.
      const started = new Promise<number>((resolve, reject) => {
        recorder.onstart = () => {
          timer = setTimeout(stop, maxMs);
          resolve(performance.now());
        };
        video.catch(reject);
      });
      video.catch(() => undefined);
      started.catch(() => undefined);
      recorder.start();
      return { started, stop, video };
    },
    [videoRef],
  );

  return { camera, startRecording };
}
