import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REDIRECT_AFTER_MARKING_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { deviceId } from '@/lib/device-id';
import { formatDateTime } from '@/lib/format';
import { roomCodeHandoff } from '@/lib/room-code-handoff';
import { errorCodeOf, refusalText, trpcCodeOf } from '@/lib/server-errors';
import { getToken } from '@/lib/session';
import { trpc } from '@/lib/trpc';
import type { Coords } from '@/lib/use-geolocation';
import type { RoomCodeEntry } from './use-room-code-entry';

const M = MSG.student;

/**
 * SPEC 4 student marking: location, then the geofence step with the room code (issue 19); inside it goes to
 * /face-detection after 2 s, leaving the accepted code for the final mark.
 */
export function useMarkAttendance(locate: () => Promise<Coords | null>, roomCode: RoomCodeEntry) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const geofenceStep = trpc.student.markAttendance.useMutation();

  /** `code`: a code that has not reached the field's state yet (the QR link's, on arrival). */
  async function mark(code = roomCode.value) {
    if (!getToken()) return void toast.error(M.authError);
    setBusy(true);
    let redirecting = false;
    try {
      const coords = await locate();
      if (!coords) return void toast.error(M.locationError);
      const result = await geofenceStep.mutateAsync({ ...coords, room_code: code || undefined, device_id: deviceId() }).catch((err: unknown) => {
        const reason = errorCodeOf(err);
        if (reason === 'room_code_required') roomCode.refuse(MSG.roomCode.required);
        else if (reason === 'room_code_not_current') {
          roomCode.refuse(MSG.roomCode.notCurrent);
          toast.error(MSG.roomCode.notCurrent);
        } else if (trpcCodeOf(err) === 'UNAUTHORIZED') toast.error(M.authError);
        else toast.error(refusalText(err, M.unexpected));
        return null;
      });
      if (!result) return;
      if (result.status === 'already_marked') toast.info(M.alreadyMarked(formatDateTime(result.timestamp)));
      else if ('error' in result && result.error) toast.error(result.error);
      else if (result.geofencing_status === 'invalid') toast.warning(M.outside);
      else if (result.geofencing_status === 'valid') {
        redirecting = true;
        roomCodeHandoff.keep(code);
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
