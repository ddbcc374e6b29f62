import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { loginErrorMessage } from './login-error-message';

describe('loginErrorMessage (SPEC 8 Login)', () => {
  it('uses the fixed texts for the two known codes', () => {
    expect(loginErrorMessage({ error_code: 'EMAIL_NOT_FOUND', message: 'x' })).toBe(MSG.login.emailNotFound);
    expect(loginErrorMessage({ error_code: 'INVALID_CREDENTIALS', message: 'x' })).toBe(MSG.login.invalidCredentials);
  });

  it('shows the server message for other codes, else the generic text', () => {
    expect(loginErrorMessage({ error_code: 'ACCOUNT_PENDING', message: MSG.login.pending })).toBe(MSG.login.pending);
    expect(loginErrorMessage({ error_code: 'TOO_MANY_ATTEMPTS' })).toBe(MSG.login.generic);
    expect(loginErrorMessage({})).toBe(MSG.login.generic);
  });
});
