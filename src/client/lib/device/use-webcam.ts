import { type RefObject, useEffect, useRef, useState } from 'react';

export type WebcamState = 'starting' | 'ready' | 'error';

/**
 * Streams the user-facing camera into `videoRef` while mounted and stops every track on unmount. A new `attempt`
 * asks again (Try again after the student allowed the camera).
 */
export function useWebcam(videoRef: RefObject<HTMLVideoElement | null>, onError: (err: unknown) => void, attempt = 0) {
  const [state, setState] = useState<WebcamState>('starting');
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is the reason to run again
  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    setState('starting');
    (async () => {
      try {
        const media = await navigator.mediaDevices.getUserMedia({
          // Ideal, not exact: a camera that cannot give 640x480 (or 30 fps) still starts, at its best below that.
          video: { width: { ideal: 640, max: 640 }, height: { ideal: 480, max: 480 }, frameRate: { ideal: 30 }, facingMode: 'user' },
          audio: false,
        });
        if (cancelled) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream = media;
        const video = videoRef.current;
        if (!video) throw new Error('Video element missing');
        video.srcObject = media;
        await video.play();
        await firstFrame(video);
        if (!cancelled) setState('ready');
      } catch (err) {
        if (cancelled) return;
        setState('error');
        onErrorRef.current(err);
      }
    })();
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [videoRef, attempt]);

  return state;
}

/** Resolves once a decoded frame is on screen, so the first capture is never black. */
function firstFrame(video: HTMLVideoElement): Promise<void> {
  if (!('requestVideoFrameCallback' in video)) return Promise.resolve();
  return new Promise((resolve) => {
    video.requestVideoFrameCallback(() => resolve());
    setTimeout(resolve, 1_000); // a hidden tab may never paint a frame
  });
}
