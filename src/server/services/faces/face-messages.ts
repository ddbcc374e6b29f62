import { MSG } from '@shared/messages';
import { FaceBusyError, FaceInputError, type FaceReason } from '@server/face/index';
import { DomainError } from '@server/lib/errors';

const imageNo = (err: FaceInputError) => (typeof err.detail.image === 'number' ? err.detail.image : 1);

/** The SPEC's words for a face input refusal: the engine gives the code and the image it concerns. */
export function faceInputMessage(err: FaceInputError): string {
  switch (err.code) {
    case 'video_empty':
      return MSG.face.videoEmpty;
    case 'video_too_large':
      return MSG.face.videoTooLarge;
    case 'video_frame_too_large':
      return MSG.faceCheck.videoFrameTooLarge;
    case 'video_too_short':
      return MSG.face.videoTooShort;
    case 'video_too_long':
      return MSG.face.videoTooLong;
    case 'decode_timeout':
      return MSG.face.decodeTimeout;
    case 'not_a_video':
      return MSG.face.notAVideo;
    case 'video_corrupt':
      return MSG.face.videoCorrupt;
    case 'template_invalid':
      return MSG.face.templateInvalid;
    case 'enroll_count':
      return MSG.face.enrollCount(err.detail.count ?? 0);
    case 'no_face':
      return MSG.register.noFace(imageNo(err));
    case 'multiple_faces':
      return MSG.face.enrollManyFaces(imageNo(err), err.detail.faces ?? 2);
    case 'different_people':
      return MSG.face.enrollDifferentPeople(imageNo(err));
    case 'bad_image':
      return MSG.register.badImage(imageNo(err));
    case 'image_too_many_pixels':
      return MSG.register.imageTooManyPixels(imageNo(err));
  }
}

export function faceBusyMessage(err: FaceBusyError): string {
  if (err.code === 'timeout') return MSG.face.timeout;
  if (err.code === 'engine_closed') return MSG.face.engineClosed;
  return MSG.server.busy;
}

/** A verdict's words: a video and a single photo word the missing or extra face differently. */
export function verdictMessage(reason: FaceReason, from: 'video' | 'image'): string {
  switch (reason) {
    case 'accepted':
      return MSG.face.verified;
    case 'no_face':
      return from === 'video' ? MSG.face.noFaceVideo : MSG.face.noFaceImage;
    case 'multiple_faces':
      return from === 'video' ? MSG.face.multipleFacesVideo : MSG.face.multipleFacesImage;
    case 'no_blink':
      return MSG.verification.noBlink;
    case 'identity_mismatch':
      return MSG.face.mismatch;
    case 'face_changed':
      return MSG.face.faceChanged;
    case 'challenge_not_followed':
      return MSG.faceChallenge.notFollowed;
  }
}

/** Maps the face engine's errors onto domain errors (the code travels as error_code); anything else is rethrown untouched. */
export function toDomainFaceError(err: unknown): never {
  if (err instanceof FaceInputError) throw new DomainError('VALIDATION', faceInputMessage(err), { errorCode: err.code });
  if (err instanceof FaceBusyError) {
    throw new DomainError('BUSY', faceBusyMessage(err), { retryAfterSeconds: err.retryAfterSeconds });
  }
  throw err;
}
