import { MSG } from '../../../shared/messages';

export interface LoginResponseBody {
  success?: boolean;
  token?: string;
  error_code?: string;
  message?: string;
}

/** SPEC 8 Login: two codes have fixed texts; any other failure shows the server message or the generic text. */
export function loginErrorMessage(body: LoginResponseBody): string {
  switch (body.error_code) {
    case 'EMAIL_NOT_FOUND':
      return MSG.login.emailNotFound;
    case 'INVALID_CREDENTIALS':
      return MSG.login.invalidCredentials;
    default:
      return body.message || MSG.login.generic;
  }
}
