import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REDIRECT_AFTER_MARKING_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { formatDateTime } from '@/lib/format';
import { refusalText, trpcCodeOf } from '@/lib/server-errors';
import { getToken } from '@/lib/session';
import { trpc } from '@/lib/trpc';
import type { Coords } from '@/lib/use-geolocation';

const M = MSG.student;

/** SPEC 4 student marking: location, then the geofence step; inside it goes to /face-detection after 2 s. */
export function useMarkAttendance(locate: () => Promise<Coords | null>) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const geofenceStep = trpc.student.markAttendance.useMutation();

  async function mark() {
    if (!getToken()) return void toast.error(M.authError);
    setBusy(true);
    let redirecting = false;
    try {
      const coords = await locate();
      if (!coords) return void toast.error(M.locationError);
      const result = await geofenceStep.mutateAsync(coords).catch((err: unknown) => {
        if (trpcCodeOf(err) === 'UNAUTHORIZED') toast.error(M.authError);
        else toast.error(refusalText(err, M.unexpected));
        return null;
      });
      if (!result) return;
      if (result.status === 'already_marked') toast.info(M.alreadyMarked(formatDateTime(result.timestamp)));
      else if ('error' in result && result.error) toast.error(result.error);
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
