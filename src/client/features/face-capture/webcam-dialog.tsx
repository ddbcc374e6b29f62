import { Camera, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { FACE_IMAGES_REQUIRED, TOAST_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { captureStatus } from './use-captured-images';
import { useWebcam } from '@/lib/device/use-webcam';
import { CAPTURE_HEIGHT, CAPTURE_JPEG_QUALITY, CAPTURE_WIDTH } from '@shared/constants';

interface WebcamDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  onCapture: (blob: Blob) => void;
  /** The camera would not open; the dialog closes and the field says what now. */
  onCameraError: (err: unknown) => void;
  enough?: string;
}

export function WebcamDialog({ open, onOpenChange, count, onCapture, onCameraError, enough }: WebcamDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{MSG.register.cameraTitle}</DialogTitle>
          <DialogDescription>{MSG.register.cameraDescription}</DialogDescription>
        </DialogHeader>
        {open && (
          <WebcamPanel
            count={count}
            enough={enough}
            onCapture={onCapture}
            onClose={() => onOpenChange(false)}
            onCameraError={(err) => {
              onOpenChange(false);
              onCameraError(err);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function WebcamPanel({
  count,
  enough,
  onCapture,
  onClose,
  onCameraError,
}: {
  count: number;
  enough?: string;
  onCapture: (blob: Blob) => void;
  onClose: () => void;
  onCameraError: (err: unknown) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [busy, setBusy] = useState(false);
  const state = useWebcam(videoRef, onCameraError);
  const full = count >= FACE_IMAGES_REQUIRED;
  const doneRef = useRef<HTMLButtonElement>(null);
  // The third capture disables Capture, which drops the focus out of the dialog: hand it to Done, the next step.
  useEffect(() => {
    const at = document.activeElement;
    if (full && (at === document.body || (at instanceof HTMLButtonElement && at.disabled))) doneRef.current?.focus();
  }, [full]);

  async function capture() {
    const video = videoRef.current;
    if (full) return void toast.warning(MSG.capture.max, { duration: TOAST_MS.registration });
    if (!video || state !== 'ready' || busy) return;
    setBusy(true);
    try {
      onCapture(await captureFrame(video));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-muted">
        {/* tabIndex -1: Chrome reports a <video> as tabIndex 0, so the dialog's focus trap took it for its first stop,
            could not focus it, and Tab stuck on Close. */}
        <video ref={videoRef} muted playsInline tabIndex={-1} aria-label={MSG.register.cameraTitle} className="size-full -scale-x-100 object-cover" />
        {state === 'starting' && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Loader2 className="size-8 animate-spin text-muted-foreground" aria-hidden />
          </div>
        )}
        <div aria-hidden className="pointer-events-none absolute inset-[18%_26%] rounded-[50%] border-2 border-dashed border-white/70" />
      </div>
      <p role="status" className="text-center text-sm font-medium">
        {captureStatus(count, enough)}
      </p>
      <DialogFooter>
        <Button ref={doneRef} variant="outline" onClick={onClose}>
          {MSG.register.done}
        </Button>
        {/* Not disabled while a capture is taken: a disabled button loses the focus, and the dialog with it. */}
        <Button onClick={capture} disabled={full || state !== 'ready'} aria-busy={busy}>
          <Camera aria-hidden />
          {MSG.register.capture} ({count}/{FACE_IMAGES_REQUIRED})
        </Button>
      </DialogFooter>
    </>
  );
}

/** Grabs the current video frame as a 320x240 JPEG at quality 0.7 (SPEC 9). */
function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = CAPTURE_WIDTH;
  canvas.height = CAPTURE_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('Canvas 2D context unavailable'));
  ctx.drawImage(video, 0, 0, CAPTURE_WIDTH, CAPTURE_HEIGHT);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Frame capture failed'))), 'image/jpeg', CAPTURE_JPEG_QUALITY);
  });
}
