import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { restData, retryAfterPolicy, retryWaitSeconds } from '@/lib/api/retry-after';
import { restRequest } from '@/lib/api/rest';
import type { RouterOutputs } from '@/lib/api/trpc';

export const BUSY_TOAST_ID = 'face-busy';

/**
 * POST /api/compare-face-video (the blink-only check, with the live check off) as a mutation that sends the SAME
 * recording again when the server asks (Retry-After), so the student does not record again: a 429 (check_in_flight,
 * too_many_checks) comes from the admission gate before a byte of the upload is read
 * (services/face-check-admission.ts), and a 503 (the engine busy or out of time) decided nothing. A verdict, or a
 * refused upload, is a 200 or 4xx answer, which the policy never repeats.
 */
export function useFaceCheckUpload() {
  const upload = useMutation({
    ...retryAfterPolicy,
    mutationFn: (video: Blob) => compareFaceVideo(video).then(restData),
  });
  const { isPending, failureCount, failureReason } = upload;
  // While a retry waits, the page says how long.
  useEffect(() => {
    const seconds = isPending && failureCount > 0 ? retryWaitSeconds(failureReason) : null;
    if (seconds !== null) toast.info(MSG.verification.busyRetrying(seconds), { id: BUSY_TOAST_ID, duration: seconds * 1000 });
  }, [isPending, failureCount, failureReason]);
  return upload;
}

/** The face check's answer: the same service output over REST as over tRPC (student.compareFaceVideo). */
export type FaceVerdict = RouterOutputs['student']['compareFaceVideo'];

/**
 * POST /api/compare-face-video: the blink-only check's recording as multipart field `video` (REST: it streams the
 * upload to the engine). Only with the live check off (FACE_CHALLENGE=off); with it on, the check is the stream.
 */
export function compareFaceVideo(video: Blob) {
  const form = new FormData();
  form.append('video', video, 'verification.webm');
  return restRequest<FaceVerdict>('/compare-face-video', { method: 'POST', formData: form });
}
