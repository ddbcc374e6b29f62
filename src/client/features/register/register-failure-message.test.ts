import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { registerFailureMessage } from './register-failure-message';

describe('registerFailureMessage (SPEC 8 Registration)', () => {
  it('prefixes a face-detection failure', () => {
    expect(registerFailureMessage('No face detected in image 1.')).toBe('Face detection failed: No face detected in image 1.');
  });

  it('shows any other server message, or the generic error without one', () => {
    expect(registerFailureMessage(MSG.register.emailTaken)).toBe(MSG.register.emailTaken);
    expect(registerFailureMessage(undefined)).toBe(MSG.register.error);
  });
});
