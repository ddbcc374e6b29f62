import { MSG } from '../../../shared/messages';

/** SPEC 8 Registration: a 'No face detected' message is prefixed; other failures show the server text. */
export function registerFailureMessage(message: string | undefined): string {
  if (!message) return MSG.register.error;
  if (message.includes('No face detected')) return `${MSG.register.faceFailedPrefix}: ${message}`;
  return message;
}
