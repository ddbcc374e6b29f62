import { MSG } from '../../../shared/messages';

/** SPEC 8 Login: two codes have fixed texts; any other refusal shows the server message or the generic text. */
export function loginErrorMessage(errorCode: string | null, serverMessage: string | null): string {
  switch (errorCode) {
    case 'EMAIL_NOT_FOUND':
      return MSG.login.emailNotFound;
    case 'INVALID_CREDENTIALS':
      return MSG.login.invalidCredentials;
    default:
      return serverMessage || MSG.login.generic;
  }
}
