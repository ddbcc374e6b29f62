import { Camera, ImagePlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { FACE_IMAGES_REQUIRED, TOAST_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { captureStatus } from './use-captured-images';
import { PhotoFiles } from './photo-files';
import type { CapturedImage } from './use-captured-images';
import { WebcamDialog } from './webcam-dialog';

interface FaceCaptureFieldProps {
  images: CapturedImage[];
  onCapture: (blob: Blob) => void;
  onRemove: (id: number) => void;
  /** The field's name; registration's 'Face images' when not given. */
  label?: string;
  /** The status line at three images, naming the form's next step; registration's when not given. */
  enough?: string;
  /** The line under the previews saying what makes good photos; registration's (of 'your face') when not given. */
  hint?: string;
  /**
   * Photos may come from files once no camera opens (the update form). Without it (registration, SPEC 8) a camera
   * failure is the SPEC's webcam toast.
   */
  filesWithoutCamera?: boolean;
}

/** A page the browser gives no camera to (plain http off localhost) has no getUserMedia at all. */
const hasCameraApi = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** Three image slots, the capture status line and the button that opens the webcam overlay. */
export function FaceCaptureField({
  images,
  onCapture,
  onRemove,
  label = MSG.register.labels.faces,
  enough,
  hint = MSG.register.facesHint,
  filesWithoutCamera = false,
}: FaceCaptureFieldProps) {
  const labelId = useId();
  const [open, setOpen] = useState(false);
  // Without the API the files replace the camera from the start, and Open camera (which could only fail) goes.
  const [cameraless] = useState(() => filesWithoutCamera && !hasCameraApi());
  const [noCamera, setNoCamera] = useState(cameraless);
  const done = images.length >= FACE_IMAGES_REQUIRED;

  function cameraFailed() {
    if (filesWithoutCamera) setNoCamera(true);
    else toast.error(MSG.register.webcam, { duration: TOAST_MS.registration });
  }

  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <Label asChild>
          <span id={labelId}>{label}</span>
        </Label>
        {!cameraless && (
          <Button type="button" variant={done ? 'outline' : 'secondary'} size="sm" onClick={() => setOpen(true)}>
            <Camera aria-hidden />
            {MSG.register.openCamera}
          </Button>
        )}
      </div>
      <ul aria-labelledby={labelId} className="grid grid-cols-3 gap-3">
        {Array.from({ length: FACE_IMAGES_REQUIRED }, (_, i) => {
          const image = images[i];
          return (
            <li
              key={image?.id ?? `empty-${i}`}
              className={cn(
                'relative aspect-[4/3] overflow-hidden rounded-lg',
                image ? 'ring-1 ring-border' : 'flex items-center justify-center border-2 border-dashed text-muted-foreground',
              )}
            >
              {image ? (
                <>
                  <img src={image.url} alt={MSG.register.imageAlt(i + 1)} className="size-full object-cover" />
                  <button
                    type="button"
                    onClick={() => onRemove(image.id)}
                    aria-label={MSG.register.removeImage(i + 1)}
                    className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                </>
              ) : (
                <ImagePlus className="size-5" aria-hidden />
              )}
            </li>
          );
        })}
      </ul>
      <p data-testid="capture-status" className={cn('text-sm', done ? 'text-success' : 'text-muted-foreground')}>
        {captureStatus(images.length, enough)}
      </p>
      <p className="text-xs text-muted-foreground">{hint}</p>
      {noCamera && <PhotoFiles count={images.length} onAdd={onCapture} />}
      <WebcamDialog open={open} onOpenChange={setOpen} count={images.length} onCapture={onCapture} onCameraError={cameraFailed} enough={enough} />
    </div>
  );
}
