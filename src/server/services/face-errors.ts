import { FaceBusyError, FaceInputError } from '../face/index';
import { DomainError } from '../lib/errors';

/** Maps the face engine's errors onto domain errors; anything else is rethrown untouched. */
export function toDomainFaceError(err: unknown): never {
  if (err instanceof FaceInputError) throw new DomainError('VALIDATION', err.message);
  if (err instanceof FaceBusyError) {
    throw new DomainError('BUSY', err.message, { retryAfterSeconds: err.retryAfterSeconds });
  }
  throw err;
}
