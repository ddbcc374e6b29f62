import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REDIRECT_AFTER_MARKING_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { deviceId } from '@/lib/device/device-id';
import { formatDateTime } from '@/lib/format';
import { roomCodeHandoff } from '@/lib/room-code-handoff';
import { errorCodeOf, refusalText, trpcCodeOf } from '@/lib/api/server-errors';
import { getToken } from '@/lib/auth/session';
import { trpc } from '@/lib/api/trpc';
import type { Coords } from '@/lib/device/use-geolocation';
import type { RoomCodeEntry } from './use-room-code-entry';

const M = MSG.student;

/** The geofence step's answer, kept on the page under the banner (issue 22), not only in a 3-s toast. */
export type StepOutcome =
  /** `distanceM`: how far from the classroom, as the server rounded it (null from an answer without one). */
  { kind: 'outside'; accuracy: number; distanceM: number | null } | { kind: 'already'; at: string } | { kind: 'validated' } | { kind: 'refused'; text: string };

/**
 * SPEC 4 student marking: location, then the geofence step with the room code (issue 19); inside it goes to
 * /face-detection after 2 s, leaving the accepted code for the final mark.
 */
export function useMarkAttendance(locate: () => Promise<Coords | null>, roomCode: RoomCodeEntry) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<StepOutcome | null>(null);
  const utils = trpc.useUtils();
  const geofenceStep = trpc.student.markAttendance.useMutation();
  const refused = (text: string) => {
    toast.error(text);
    setResult({ kind: 'refused', text });
  };

  /** `code`: a code that has not reached the field's state yet (the QR link's, on arrival). */
  async function mark(code = roomCode.value) {
    if (!getToken()) return void toast.error(M.authError);
    setBusy(true);
    setResult(null);
    let redirecting = false;
    try {
      const coords = await locate();
      if (!coords) return void toast.error(M.locationError);
      const answer = await geofenceStep.mutateAsync({ ...coords, room_code: code || undefined, device_id: deviceId() }).catch((err: unknown) => {
        const reason = errorCodeOf(err);
        if (reason === 'room_code_required') roomCode.refuse(MSG.roomCode.required);
        else if (reason === 'room_code_not_current') {
          roomCode.refuse(MSG.roomCode.notCurrent);
          toast.error(MSG.roomCode.notCurrent);
        } else if (trpcCodeOf(err) === 'UNAUTHORIZED') refused(M.authError);
        else refused(refusalText(err, M.unexpected));
        return null;
      });
      if (!answer) return;
      if (answer.status === 'already_marked') {
        toast.info(M.alreadyMarked(formatDateTime(answer.timestamp)));
        setResult({ kind: 'already', at: answer.timestamp });
      } else if ('error' in answer && answer.error) refused(answer.error);
      else if (answer.geofencing_status === 'invalid') {
        toast.warning(M.outside);
        setResult({ kind: 'outside', accuracy: coords.accuracy, distanceM: 'distance_m' in answer ? answer.distance_m : null });
      } else if (answer.geofencing_status === 'valid') {
        redirecting = true;
        roomCodeHandoff.keep(code);
        toast.success(M.validated);
        setResult({ kind: 'validated' });
        setTimeout(() => navigate('/face-detection', { state: coords }), REDIRECT_AFTER_MARKING_MS);
      } else refused(M.unexpected);
    } catch {
      refused(M.unexpected);
    } finally {
      if (!redirecting) setBusy(false);
      void utils.student.openSession.invalidate();
    }
  }

  return { mark, busy, result };
}
