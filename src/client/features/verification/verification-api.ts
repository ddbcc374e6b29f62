import { apiRequest } from '@/lib/api';
import type { Coords } from '@/features/attendance/use-geolocation';

export interface FaceVerdict {
  success?: boolean;
  message?: string;
  blink_count?: number;
  /** Why a check was refused (the engine's reason, or no_enrollment / invalid_video): words are chosen per code. */
  error_code?: string;
  /** Seconds to wait, on a 503 from a busy face checker. */
  retry_after?: number;
}

export interface FaceMarkResult {
  status?: 'present' | 'refused' | 'already_marked' | 'geofence_checked';
  geofencing_status?: 'valid' | 'invalid';
  face_recognition_status?: string;
  timestamp?: string;
  error?: string;
  message?: string;
}

/** POST /api/compare-face-video: the recording as multipart field `video`. */
export function compareFaceVideo(video: Blob) {
  const form = new FormData();
  form.append('video', video, 'verification.webm');
  return apiRequest<FaceVerdict>('/compare-face-video', { method: 'POST', formData: form });
}

const BUSY_RETRIES = 6;
const MAX_WAIT_S = 15;

/**
 * compareFaceVideo that rides out a class-start burst: on 503 it resubmits the same recording after the server's
 * Retry-After, so the student does not record again; `onWait` tells the page how long.
 */
export async function compareFaceVideoPatiently(video: Blob, onWait: (seconds: number) => void) {
  for (let attempt = 0; ; attempt++) {
    const res = await compareFaceVideo(video);
    if (res.status !== 503 || attempt >= BUSY_RETRIES) return res;
    const seconds = Math.min(MAX_WAIT_S, Math.max(1, Math.round(res.data.retry_after ?? 3)));
    onWait(seconds);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

/** POST /api/mark_attendance with face_verified: the server checks it holds a fresh verification of its own. */
export function markVerifiedAttendance(coords: Coords) {
  return apiRequest<FaceMarkResult>('/mark_attendance', { method: 'POST', json: { ...coords, face_verified: true } });
}
