import { STORAGE_KEYS } from '@shared/constants';
import type { Coords } from '@/lib/device/use-geolocation';

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** The teacher dashboard's local-storage keys of SPEC 4. */
export const geofenceStorage = {
  read() {
    const radius = Number(localStorage.getItem(STORAGE_KEYS.activeRadius));
    const custom = Number(localStorage.getItem(STORAGE_KEYS.customRadius));
    return {
      started: localStorage.getItem(STORAGE_KEYS.attendanceStarted) === 'true',
      location: readJson<Pick<Coords, 'latitude' | 'longitude'>>(STORAGE_KEYS.userLocation),
      activeRadius: radius > 0 ? radius : null,
      customRadius: custom > 0 ? custom : null,
      endTime: localStorage.getItem(STORAGE_KEYS.sessionEndTime),
      // On unless the teacher switched it off (issue 19: the room code is on by default).
      requireRoomCode: localStorage.getItem(STORAGE_KEYS.requireRoomCode) !== 'false',
    };
  },
  saveStart(args: { location: Coords; radius: number; endTime: string }) {
    localStorage.setItem(STORAGE_KEYS.attendanceStarted, 'true');
    // SPEC 4 stores the position only; the accuracy was for the server.
    localStorage.setItem(STORAGE_KEYS.userLocation, JSON.stringify({ latitude: args.location.latitude, longitude: args.location.longitude }));
    localStorage.setItem(STORAGE_KEYS.activeRadius, String(args.radius));
    localStorage.setItem(STORAGE_KEYS.sessionEndTime, args.endTime);
  },
  /** Issue 36: an Extend moved the end. */
  saveEndTime(endTime: string) {
    localStorage.setItem(STORAGE_KEYS.sessionEndTime, endTime);
  },
  saveCustomRadius(radius: number) {
    localStorage.setItem(STORAGE_KEYS.customRadius, String(radius));
  },
  saveRequireRoomCode(required: boolean) {
    localStorage.setItem(STORAGE_KEYS.requireRoomCode, String(required));
  },
  /** On stop (manual or automatic) the stored radius, location and end time go. */
  clearSession() {
    localStorage.setItem(STORAGE_KEYS.attendanceStarted, 'false');
    for (const key of [STORAGE_KEYS.userLocation, STORAGE_KEYS.activeRadius, STORAGE_KEYS.sessionEndTime]) localStorage.removeItem(key);
  },
};
