import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REDIRECT_AFTER_REGISTRATION_MS, TOAST_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { TRegisterInput } from '@shared/schemas/accounts/auth';
import { withGlobalLoading } from '@/lib/loading-store';
import { restRequest } from '@/lib/api/rest';
import { RestRefusal, restData, retryAfterPolicy } from '@/lib/api/retry-after';
import type { RouterOutputs } from '@/lib/api/trpc';
import type { CapturedImage } from '@/features/face-capture';

const toastOptions = { duration: TOAST_MS.registration };

/**
 * POST /api/register (REST: a multipart upload) with the three images in field `images`, as a mutation that rides out
 * a busy server (lib/api/retry-after.ts: it refuses before creating anyone, so sending again is safe); on success
 * /thank-you after 2 s (the success toast shows those 2 s, and leaves with the page).
 */
export function useRegister() {
  const navigate = useNavigate();
  const upload = useMutation({
    ...retryAfterPolicy,
    mutationFn: (form: FormData) => restRequest<RouterOutputs['auth']['register']>('/register', { method: 'POST', formData: form }).then(restData),
  });

  async function submit(values: TRegisterInput, images: CapturedImage[]) {
    const form = new FormData();
    form.append('username', values.username);
    form.append('email', values.email);
    form.append('phone_number', values.phone_number);
    form.append('role', values.role);
    form.append('department_name', values.department_name);
    form.append('password', values.password);
    for (const [i, image] of images.entries()) form.append('images', image.blob, `face_${i + 1}.jpg`);

    try {
      const data = await withGlobalLoading(() => upload.mutateAsync(form));
      const shown = toast.success(data.message || MSG.register.success, toastOptions);
      // Issue 36: the thank-you page says it in its heading; the toast would repeat it over the page, so it goes.
      setTimeout(() => {
        toast.dismiss(shown);
        navigate('/thank-you');
      }, REDIRECT_AFTER_REGISTRATION_MS);
    } catch (err) {
      const message = err instanceof RestRefusal ? registerFailureMessage(err.body.error_code, err.body.message) : MSG.register.error;
      toast.error(message, toastOptions);
    }
  }

  return { submit, done: upload.isSuccess };
}

/** The face engine's enrollment reasons that mean a photo has no face of its own (no face, or several). */
const FACE_DETECTION_CODES = new Set(['no_face', 'multiple_faces']);

/**
 * SPEC 8 Registration: a face-detection failure (told by its error_code) is prefixed with 'Face detection failed';
 * other failures show the server text, or the generic error without one.
 */
export function registerFailureMessage(errorCode: string | undefined, message: string | undefined): string {
  if (!message) return MSG.register.error;
  if (errorCode && FACE_DETECTION_CODES.has(errorCode)) return `${MSG.register.faceFailedPrefix}: ${message}`;
  return message;
}
