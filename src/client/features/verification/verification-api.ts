import { apiRequest } from '@/lib/api';
import type { Coords } from '@/features/attendance/use-geolocation';

export interface FaceVerdict {
  success?: boolean;
  message?: string;
  blink_count?: number;
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

/** POST /api/mark_attendance with face_verified: the server checks it holds a fresh verification of its own. */
export function markVerifiedAttendance(coords: Coords) {
  return apiRequest<FaceMarkResult>('/mark_attendance', { method: 'POST', json: { ...coords, face_verified: true } });
}
