import { FaceBusyError, FaceInputError } from '../../face/index';
import { DomainError } from '../../lib/errors';
import { faceBusyMessage, faceInputMessage } from './face-messages';

/** Maps the face engine's errors onto domain errors (the code travels as error_code); anything else is rethrown untouched. */
export function toDomainFaceError(err: unknown): never {
  if (err instanceof FaceInputError) throw new DomainError('VALIDATION', faceInputMessage(err), { errorCode: err.code });
  if (err instanceof FaceBusyError) {
    throw new DomainError('BUSY', faceBusyMessage(err), { retryAfterSeconds: err.retryAfterSeconds });
  }
  throw err;
}
