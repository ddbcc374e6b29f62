import { FACE_IMAGES_REQUIRED } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';

/** The capture message of SPEC 5 for a given number of captured images; `enough` names the form's next step. */
export function captureStatus(count: number, enough: string = MSG.capture.enough): string {
  if (count <= 0) return MSG.capture.start;
  if (count < FACE_IMAGES_REQUIRED) return MSG.capture.progress(count);
  return enough;
}
