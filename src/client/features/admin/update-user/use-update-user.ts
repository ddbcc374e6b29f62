import { useMutation } from '@tanstack/react-query';
import { restRequest } from '@/lib/api/rest';
import { restData, retryAfterPolicy } from '@/lib/api/retry-after';
import { trpc } from '@/lib/api/trpc';
import type { TUpdateUserForm } from './update-user-schema';

/**
 * PUT /api/update/{id} (multipart: the images travel beside the fields) as a mutation with the Retry-After policy.
 * A busy engine refuses before anything is written, so the same upload may go again; a student's retry does count
 * against the hourly photo-change allowance (the server refunds busy face checks, not these), which is why the
 * policy's two retries stay two.
 */
export function useUpdateUser(userId: number, sendTwinLeave: boolean) {
  const utils = trpc.useUtils();
  return useMutation({
    ...retryAfterPolicy,
    mutationFn: ({ values, photos }: { values: TUpdateUserForm; photos: Blob[] }) => {
      const form = new FormData();
      form.append('username', values.username ?? '');
      form.append('phone_number', values.phone_number ?? '');
      if (sendTwinLeave && values.allow_same_face) form.append('allow_same_face', 'true');
      // a capture is a JPEG blob (named as registration names it); a file chosen without a camera keeps its name
      for (const [i, photo] of photos.entries()) form.append('images', photo, photo instanceof File ? photo.name : `face_${i + 1}.jpg`);
      return restRequest<unknown>(`/update/${userId}`, { method: 'PUT', formData: form }).then(restData);
    },
    onSuccess: () => utils.account.profile.invalidate({ id: userId }),
  });
}
