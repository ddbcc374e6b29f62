import { ROOM_CODE_LENGTH, STORAGE_KEYS } from '@shared/constants';
import { MSG } from '@shared/messages';

/** What a student typed or scanned, as the server compares it: upper case, letters and digits only, 6 at most. */
export const normalizeRoomCode = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, ROOM_CODE_LENGTH);

/**
 * The room code accepted at the geofence step, handed to the final mark on /face-detection. sessionStorage: it
 * survives a reload of the face page but not the tab, and it is taken (removed) by the mark that uses it.
 */
export const roomCodeHandoff = {
  keep(code: string) {
    if (code) sessionStorage.setItem(STORAGE_KEYS.pendingRoomCode, code);
    else sessionStorage.removeItem(STORAGE_KEYS.pendingRoomCode);
  },
  take(): string | null {
    const code = sessionStorage.getItem(STORAGE_KEYS.pendingRoomCode);
    sessionStorage.removeItem(STORAGE_KEYS.pendingRoomCode);
    return code;
  },
};

/**
 * The final mark's refusals that send the student back to the dashboard for a new code and a new geofence step: the
 * code sent is not the one the step accepted, none was sent, or the step is over a minute old (issue 35).
 */
const BACK_TO_CODE = {
  room_code_not_current: MSG.roomCode.notCurrent,
  room_code_required: MSG.roomCode.required,
  geofence_step_required: MSG.attendance.stepRequired,
} as const;
export type RoomCodeRefusal = keyof typeof BACK_TO_CODE;

/** The server's error code when it is one of those refusals, else null. */
export const roomCodeRefusalOf = (errorCode: string | null): RoomCodeRefusal | null =>
  errorCode !== null && Object.hasOwn(BACK_TO_CODE, errorCode) ? (errorCode as RoomCodeRefusal) : null;

/** What the student is told for one of them, in the toast and under the dashboard's Room code field. */
export const roomCodeRefusalText = (reason: RoomCodeRefusal) => BACK_TO_CODE[reason];

/** The route state the final mark leaves for the dashboard when the server refused it for one of them. */
export const roomCodeRefusedState = (reason: RoomCodeRefusal) => ({ roomCodeRefused: reason });
export const roomCodeRefusedIn = (state: unknown): RoomCodeRefusal | null =>
  typeof state === 'object' && state !== null && 'roomCodeRefused' in state && typeof state.roomCodeRefused === 'string'
    ? roomCodeRefusalOf(state.roomCodeRefused)
    : null;
