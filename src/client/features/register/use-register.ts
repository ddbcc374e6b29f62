import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REDIRECT_AFTER_REGISTRATION_MS, TOAST_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { withGlobalLoading } from '@/lib/loading-store';
import { restRequest } from '@/lib/rest';
import type { RouterOutputs } from '@/lib/trpc';
import { registerFailureMessage } from './register-failure-message';
import type { CapturedImage } from './use-captured-images';
import type { RegisterFormValues } from './validators';

const toastOptions = { duration: TOAST_MS.registration };

/** POST /api/register (REST: a multipart upload) as multipart with the three images in field `images`; on success /thank-you after 2 s. */
export function useRegister() {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);

  async function submit(values: RegisterFormValues, images: CapturedImage[]) {
    const form = new FormData();
    form.append('username', values.username.trim());
    form.append('email', values.email.trim());
    form.append('phone_number', values.phone_number.trim());
    form.append('role', values.role);
    form.append('department_name', values.department_name);
    form.append('password', values.password);
    for (const [i, image] of images.entries()) form.append('images', image.blob, `face_${i + 1}.jpg`);

    try {
      const res = await withGlobalLoading(() => restRequest<RouterOutputs['auth']['register']>('/register', { method: 'POST', formData: form }));
      if (!res.ok) {
        toast.error(registerFailureMessage(res.data.error_code, res.data.message), toastOptions);
        return;
      }
      setDone(true);
      toast.success(res.data.message || MSG.register.success, toastOptions);
      setTimeout(() => navigate('/thank-you'), REDIRECT_AFTER_REGISTRATION_MS);
    } catch {
      toast.error(MSG.register.error, toastOptions);
    }
  }

  return { submit, done };
}
