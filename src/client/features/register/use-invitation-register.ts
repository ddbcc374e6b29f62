import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { TOAST_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { withGlobalLoading } from '@/lib/loading-store';
import { restRequest } from '@/lib/api/rest';
import { RestRefusal, restData, retryAfterPolicy } from '@/lib/api/retry-after';
import type { RouterOutputs } from '@/lib/api/trpc';
import type { CapturedImage } from '@/features/face-capture';
import { registerFailureMessage } from './use-register';

const toastOptions = { duration: TOAST_MS.registration };

/**
 * POST /api/invitations/:token/register (REST: a multipart upload) with the password and the three images in field
 * `images`; it refuses before writing anything, so a busy server's answer is ridden out as registration's is.
 */
export function useInvitationRegister(token: string) {
  const upload = useMutation({
    ...retryAfterPolicy,
    mutationFn: (form: FormData) =>
      restRequest<RouterOutputs['auth']['registerFromInvitation']>(`/invitations/${encodeURIComponent(token)}/register`, {
        method: 'POST',
        formData: form,
      }).then(restData),
  });

  async function submit(password: string, images: CapturedImage[]) {
    const form = new FormData();
    form.append('password', password);
    for (const [i, image] of images.entries()) form.append('images', image.blob, `face_${i + 1}.jpg`);
    try {
      const data = await withGlobalLoading(() => upload.mutateAsync(form));
      toast.success(data.message, toastOptions);
    } catch (err) {
      const message = err instanceof RestRefusal ? registerFailureMessage(err.body.error_code, err.body.message) : MSG.register.error;
      toast.error(message, toastOptions);
    }
  }

  return { submit, result: upload.data ?? null };
}
