import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { registerFailureMessage } from './use-register';

describe('registerFailureMessage (SPEC 8 Registration)', () => {
  it('prefixes a face-detection failure, told by its code', () => {
    expect(registerFailureMessage('no_face', MSG.register.noFace(1))).toBe(`Face detection failed: ${MSG.register.noFace(1)}`);
    expect(registerFailureMessage('multiple_faces', MSG.face.enrollManyFaces(2, 3))).toBe(`Face detection failed: ${MSG.face.enrollManyFaces(2, 3)}`);
  });

  it('decides by the code, never by the words of the message', () => {
    expect(registerFailureMessage(undefined, 'No face detected in image 1.')).toBe('No face detected in image 1.');
    expect(registerFailureMessage('no_face', undefined)).toBe(MSG.register.error);
  });

  it('shows any other server message, or the generic error without one', () => {
    expect(registerFailureMessage(undefined, MSG.register.emailTaken)).toBe(MSG.register.emailTaken);
    // Issue 18: a face already enrolled for another account is not a detection failure: its words stand alone.
    expect(registerFailureMessage('email_taken', MSG.register.emailTaken)).toBe(MSG.register.emailTaken);
    expect(registerFailureMessage(undefined, undefined)).toBe(MSG.register.error);
  });
});
