import { type RefObject, useCallback } from 'react';
import { RECORDING_MS } from '../../../shared/constants';
import { useWebcam } from '@/lib/use-webcam';

// VP8 first: it is what the server's decoder and the face fixtures were made with; any webm will do.
const MIME_CANDIDATES = ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm'];

export function pickRecordingMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return MIME_CANDIDATES.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * The camera preview (via useWebcam) plus `record(ms)`: a webm clip of the live stream, `ms` long from the recorder's
 * start, at the stream's own size (the camera's best up to 640x480: never scaled up, which would add no detail).
 */
export function useWebcamRecorder(videoRef: RefObject<HTMLVideoElement | null>, onCameraError: (err: unknown) => void) {
  const camera = useWebcam(videoRef, onCameraError);

  const record = useCallback(
    (ms: number = RECORDING_MS) =>
      new Promise<Blob>((resolve, reject) => {
        const stream = videoRef.current?.srcObject;
        if (!(stream instanceof MediaStream) || typeof MediaRecorder === 'undefined') {
          reject(new Error('Camera is not ready'));
          return;
        }
        const mimeType = pickRecordingMimeType();
        const recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), videoBitsPerSecond: 1_500_000 });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => {
          if (event.data.size > 0) chunks.push(event.data);
        };
        recorder.onstop = () => resolve(new Blob(chunks, { type: (recorder.mimeType || 'video/webm').split(';')[0] }));
        recorder.onerror = () => reject(new Error('Recording failed'));
        // The clock starts when the recorder does (onstart), not when it is asked to: on a busy machine start-up
        // can take a while, and a clip cut short loses the blink at its end.
        recorder.onstart = () =>
          setTimeout(() => {
            if (recorder.state !== 'inactive') recorder.stop();
          }, ms);
        recorder.start();
      }),
    [videoRef],
  );

  return { camera, record };
}
