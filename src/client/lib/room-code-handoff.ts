import { ROOM_CODE_LENGTH, STORAGE_KEYS } from '../../shared/constants';

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

/** The route state the final mark leaves for the dashboard when the server refused the code there. */
export const ROOM_CODE_REFUSED_STATE = { roomCodeRefused: true } as const;
export const wasRoomCodeRefused = (state: unknown) =>
  typeof state === 'object' && state !== null && 'roomCodeRefused' in state && state.roomCodeRefused === true;
