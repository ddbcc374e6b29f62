import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { loginErrorMessage } from './use-login';

describe('loginErrorMessage (SPEC 8 Login)', () => {
  it('uses the fixed texts for the two known codes, whatever the message says', () => {
    expect(loginErrorMessage('EMAIL_NOT_FOUND', 'x')).toBe(MSG.login.emailNotFound);
    expect(loginErrorMessage('INVALID_CREDENTIALS', 'x')).toBe(MSG.login.invalidCredentials);
  });

  it('shows the server message for other codes, else the generic text', () => {
    expect(loginErrorMessage('ACCOUNT_PENDING', MSG.login.pending)).toBe(MSG.login.pending);
    expect(loginErrorMessage('TOO_MANY_ATTEMPTS', null)).toBe(MSG.login.generic);
    expect(loginErrorMessage(null, null)).toBe(MSG.login.generic);
  });
});
