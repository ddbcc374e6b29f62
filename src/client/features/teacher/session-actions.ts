import { toast } from 'sonner';
import { DEFAULT_SESSION_MINUTES_CLIENT } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { geolocationSupported, getCurrentCoords } from '@/features/attendance/use-geolocation';
import { userIdFromToken } from '@/features/attendance/token-user';
import { apiRequest } from '@/lib/api';
import { withGlobalLoading } from '@/lib/loading-store';
import { getToken } from '@/lib/session';
import { geofenceStorage } from './geofence-storage';

const M = MSG.teacher;

interface StartResult {
  session_id?: number;
  duration_minutes?: number;
  session_end_time?: string;
  error?: string;
}

function fail(message: string): false {
  toast.error(message);
  return false;
}

/** POST /api/start_geofence at the teacher's current position; true when a session was opened. */
export async function startGeofence(radius: number, department: number | string): Promise<boolean> {
  if (!getToken()) return fail(M.notAuthenticated);
  const teacherId = userIdFromToken();
  if (teacherId === null) return fail(M.noTeacherId);
  if (!geolocationSupported()) return fail(M.geoUnsupported);
  try {
    return await withGlobalLoading(async () => {
      let location;
      try {
        location = await getCurrentCoords();
      } catch {
        return fail(M.locationDenied);
      }
      const res = await apiRequest<StartResult>('/start_geofence', {
        method: 'POST',
        json: { teacher_id: teacherId, ...location, radius, department },
      });
      if (!res.ok) return fail(res.data.error || M.serverError);
      const minutes = res.data.duration_minutes ?? DEFAULT_SESSION_MINUTES_CLIENT;
      const endTime = res.data.session_end_time ?? new Date(Date.now() + minutes * 60_000).toISOString();
      geofenceStorage.saveStart({ location, radius, endTime });
      toast.success(M.started(minutes));
      return true;
    });
  } catch {
    return fail(M.serverError);
  }
}

/** PATCH /api/stop_geofence; `automatic` is the end-time path, which has already told the user. */
export async function stopGeofence(automatic = false): Promise<void> {
  try {
    const res = await apiRequest<{ error?: string }>('/stop_geofence', { method: 'PATCH' });
    // 404: the server had already closed it (its own timer); either way the session is over.
    if (res.ok || res.status === 404) {
      geofenceStorage.clearSession();
      if (!automatic) toast.success(M.ended);
      return;
    }
    if (!automatic) toast.error(res.data.error || M.stopFailed);
  } catch {
    if (!automatic) toast.error(M.stopFailed);
  }
  if (automatic) geofenceStorage.clearSession();
}
