import { FIRST_LOAD_MSG } from '../../../shared/messages/first-load';

/** SPEC 8 Login: two codes have fixed texts; any other refusal shows the server message or the generic text. */
export function loginErrorMessage(errorCode: string | null, serverMessage: string | null): string {
  switch (errorCode) {
    case 'EMAIL_NOT_FOUND':
      return FIRST_LOAD_MSG.login.emailNotFound;
    case 'INVALID_CREDENTIALS':
      return FIRST_LOAD_MSG.login.invalidCredentials;
    default:
      return serverMessage || FIRST_LOAD_MSG.login.generic;
  }
}
