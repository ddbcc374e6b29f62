import { CameraOff, Loader2 } from 'lucide-react';
import type { RefObject } from 'react';
import { RECORDING_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { WebcamState } from '@/lib/device/use-webcam';
import { cn } from '@/lib/utils';
import { ChallengeInstruction } from './challenge/challenge-guide';
import type { Guide } from './challenge/live-guide';
import type { TrackerState } from './tracker/use-face-tracker';
import type { FrameState } from './use-face-verification';

const FRAME_CLASS: Record<FrameState, string> = {
  default: 'ring-border',
  success: 'ring-success shadow-[0_0_0_6px] shadow-success/20',
  failure: 'ring-destructive shadow-[0_0_0_6px] shadow-destructive/20',
};

/** Grows the progress bar across the recording's length (a stable ref callback, so it runs once per mount). */
const fillOverRecording = (el: HTMLElement | null) => {
  el?.animate([{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }], { duration: RECORDING_MS, fill: 'forwards' });
};

/**
 * The mirrored live preview inside the colour-coded frame (data-frame: default, success or failure; data-tracking:
 * whether the live tracker runs), with what the check asks: the live check's current instruction, or the blink-only
 * prompt. REC shows once the recorder runs (the live check records only after the server is ready).
 */
export function CameraFrame({
  videoRef,
  camera,
  frame,
  recording,
  guide,
  tracking,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  camera: WebcamState;
  frame: FrameState;
  recording: boolean;
  guide: Guide;
  tracking: TrackerState;
}) {
  return (
    <div
      data-testid="camera-frame"
      data-frame={frame}
      data-tracking={tracking}
      className={cn('relative aspect-[4/3] w-full overflow-hidden rounded-2xl bg-neutral-900 ring-4 transition-all duration-300', FRAME_CLASS[frame])}
    >
      <video ref={videoRef} muted playsInline aria-label={MSG.verification.title} className="size-full -scale-x-100 object-cover" />
      {camera === 'starting' && (
        <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white/80">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {MSG.verification.cameraStarting}
        </div>
      )}
      {/* What went wrong and how to allow it is said under the frame (PermissionHelp), where there is room. */}
      {camera === 'error' && (
        <div aria-hidden className="absolute inset-0 flex items-center justify-center text-white/70">
          <CameraOff className="size-10" />
        </div>
      )}
      {recording && (
        <>
          {guide !== null && (
            <span className="absolute top-3 left-3 flex items-center gap-1.5 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white">
              <span className="size-2 animate-pulse rounded-full bg-red-500" aria-hidden />
              REC
            </span>
          )}
          {guide === 'blink' && (
            <>
              <p
                role="alert"
                data-testid="blink-prompt"
                className="absolute inset-x-0 bottom-4 mx-auto w-fit rounded-full bg-black/70 px-4 py-1.5 text-lg font-bold text-white"
              >
                {MSG.verification.blinkNow}
              </p>
              <span aria-hidden className="absolute inset-x-0 bottom-0 h-1 origin-left bg-red-500" ref={fillOverRecording} />
            </>
          )}
          {guide === null && (
            <p className="absolute inset-x-0 bottom-4 mx-auto w-fit rounded-full bg-black/70 px-4 py-1.5 text-lg font-bold text-white">
              {MSG.faceChallenge.getReady}
            </p>
          )}
          {guide !== null && guide !== 'blink' && <ChallengeInstruction guide={guide} />}
        </>
      )}
      <div aria-hidden className="pointer-events-none absolute inset-[18%_24%] rounded-[50%] border-2 border-dashed border-white/40" />
    </div>
  );
}
