import { MSG } from '../../../shared/messages';

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
