import { toast } from 'sonner';
import { DEFAULT_SESSION_MINUTES_CLIENT, EXTEND_STEP_MINUTES } from '@shared/constants';
import { formatTime } from '@/lib/format';
import { MSG } from '@shared/messages';
import { withGlobalLoading } from '@/lib/loading-store';
import { refusalText, trpcCodeOf } from '@/lib/api/server-errors';
import { getToken } from '@/lib/auth/session';
import { userIdFromToken } from '@/lib/auth/token-user';
import { trpc } from '@/lib/api/trpc';
import { geolocationSupported, getCurrentCoords } from '@/lib/device/use-geolocation';
import { geofenceStorage } from './geofence-storage';

function fail(message: string): false {
  toast.error(message);
  return false;
}

/** Starting and stopping the teacher's geofence session (teacher.startGeofence / stopGeofence), with their toasts. */
export function useSessionActions() {
  const utils = trpc.useUtils();
  const startMutation = trpc.teacher.startGeofence.useMutation();
  const stopMutation = trpc.teacher.stopGeofence.useMutation();
  const extendMutation = trpc.teacher.extendGeofence.useMutation();

  /** Opens a session at the teacher's current position; true when one was opened. */
  async function startGeofence(
    radius: number,
    department: number | string,
    roomCode: boolean,
    lateAfterMinutes?: number,
    durationMinutes?: number,
  ): Promise<boolean> {
    if (!getToken()) return fail(MSG.teacher.notAuthenticated);
    const teacherId = userIdFromToken();
    if (teacherId === null) return fail(MSG.teacher.noTeacherId);
    if (!geolocationSupported()) return fail(MSG.teacher.geoUnsupported);
    return withGlobalLoading(async () => {
      let location: Awaited<ReturnType<typeof getCurrentCoords>>;
      try {
        location = await getCurrentCoords();
      } catch {
        return fail(MSG.teacher.locationDenied);
      }
      try {
        const res = await startMutation.mutateAsync({
          teacher_id: teacherId,
          ...location,
          radius,
          department,
          room_code: roomCode,
          late_after_minutes: lateAfterMinutes,
          duration_minutes: durationMinutes,
        });
        const minutes = res.duration_minutes ?? DEFAULT_SESSION_MINUTES_CLIENT;
        const endTime = res.session_end_time ?? new Date(Date.now() + minutes * 60_000).toISOString();
        geofenceStorage.saveStart({ location, radius, endTime });
        toast.success(MSG.teacher.started(minutes));
        return true;
      } catch (err) {
        return fail(refusalText(err, MSG.teacher.serverError));
      }
    });
  }

  /** `automatic` is the end-time path, which has already told the user. */
  async function stopGeofence(automatic = false): Promise<void> {
    try {
      await stopMutation.mutateAsync();
      geofenceStorage.clearSession();
      if (!automatic) toast.success(MSG.teacher.ended);
      return;
    } catch (err) {
      // NOT_FOUND: the server had already closed it (its own timer); either way the session is over.
      if (trpcCodeOf(err) === 'NOT_FOUND') {
        geofenceStorage.clearSession();
        if (!automatic) toast.success(MSG.teacher.ended);
        return;
      }
      if (!automatic) toast.error(refusalText(err, MSG.teacher.stopFailed));
    }
    if (automatic) geofenceStorage.clearSession();
  }

  /** Issue 36: moves the running session's end EXTEND_STEP_MINUTES later; true when the server moved it. */
  async function extendGeofence(sessionId: number): Promise<boolean> {
    try {
      const res = await extendMutation.mutateAsync({ session_id: sessionId, minutes: EXTEND_STEP_MINUTES });
      geofenceStorage.saveEndTime(res.session_end_time);
      toast.success(MSG.sessionTime.extended(res.extended_minutes, formatTime(res.session_end_time)), { id: `extended-${sessionId}` });
      return true;
    } catch (err) {
      return fail(refusalText(err, MSG.sessionTime.extendFailed));
    }
  }

  const refresh = () => utils.teacher.invalidate();
  return { startGeofence, stopGeofence, extendGeofence, refresh, extending: extendMutation.isPending };
}
