import { STORAGE_KEYS } from '../../../../shared/constants';
import type { Coords } from '@/lib/device/use-geolocation';

const K = STORAGE_KEYS;

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
    const radius = Number(localStorage.getItem(K.activeRadius));
    const custom = Number(localStorage.getItem(K.customRadius));
    return {
      started: localStorage.getItem(K.attendanceStarted) === 'true',
      location: readJson<Pick<Coords, 'latitude' | 'longitude'>>(K.userLocation),
      activeRadius: radius > 0 ? radius : null,
      customRadius: custom > 0 ? custom : null,
      endTime: localStorage.getItem(K.sessionEndTime),
      // On unless the teacher switched it off (issue 19: the room code is on by default).
      requireRoomCode: localStorage.getItem(K.requireRoomCode) !== 'false',
    };
  },
  saveStart(args: { location: Coords; radius: number; endTime: string }) {
    localStorage.setItem(K.attendanceStarted, 'true');
    // SPEC 4 stores the position only; the accuracy was for the server.
    localStorage.setItem(K.userLocation, JSON.stringify({ latitude: args.location.latitude, longitude: args.location.longitude }));
    localStorage.setItem(K.activeRadius, String(args.radius));
    localStorage.setItem(K.sessionEndTime, args.endTime);
  },
  /** Issue 36: an Extend moved the end. */
  saveEndTime(endTime: string) {
    localStorage.setItem(K.sessionEndTime, endTime);
  },
  saveCustomRadius(radius: number) {
    localStorage.setItem(K.customRadius, String(radius));
  },
  saveRequireRoomCode(required: boolean) {
    localStorage.setItem(K.requireRoomCode, String(required));
  },
  /** On stop (manual or automatic) the stored radius, location and end time go. */
  clearSession() {
    localStorage.setItem(K.attendanceStarted, 'false');
    for (const key of [K.userLocation, K.activeRadius, K.sessionEndTime]) localStorage.removeItem(key);
  },
};
