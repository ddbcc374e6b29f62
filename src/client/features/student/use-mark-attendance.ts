import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REDIRECT_AFTER_MARKING_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { formatDateTime } from '@/features/attendance/format';
import type { Coords } from '@/features/attendance/use-geolocation';
import { apiRequest } from '@/lib/api';
import { getToken } from '@/lib/session';

interface GeofenceStepResult {
  status?: 'geofence_checked' | 'already_marked';
  geofencing_status?: 'valid' | 'invalid';
  timestamp?: string;
  error?: string;
}

const M = MSG.student;

/** SPEC 4 student marking: location, then the geofence step; inside it goes to /face-detection after 2 s. */
export function useMarkAttendance(locate: () => Promise<Coords | null>) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function mark() {
    if (!getToken()) return void toast.error(M.authError);
    setBusy(true);
    let redirecting = false;
    try {
      const coords = await locate();
      if (!coords) return void toast.error(M.locationError);
      const res = await apiRequest<GeofenceStepResult>('/mark_attendance', { method: 'POST', json: coords });
      const result = res.data;
      if (res.status === 401) toast.error(M.authError);
      else if (result.status === 'already_marked') toast.info(M.alreadyMarked(formatDateTime(result.timestamp)));
      else if (result.error) toast.error(result.error);
      else if (result.geofencing_status === 'invalid') toast.warning(M.outside);
      else if (result.geofencing_status === 'valid') {
        redirecting = true;
        toast.success(M.validated);
        setTimeout(() => navigate('/face-detection', { state: coords }), REDIRECT_AFTER_MARKING_MS);
      } else toast.error(M.unexpected);
    } catch {
      toast.error(M.unexpected);
    } finally {
      if (!redirecting) setBusy(false);
    }
  }

  return { mark, busy };
}
