import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REDIRECT_AFTER_MARKING_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { deviceId } from '@/lib/device/device-id';
import { formatDateTime } from '@/lib/format';
import { roomCodeHandoff, roomCodeRefusalText } from '@/lib/room-code-handoff';
import { errorCodeOf, refusalText, trpcCodeOf } from '@/lib/api/server-errors';
import { getToken } from '@/lib/auth/session';
import { trpc } from '@/lib/api/trpc';
import type { Coords } from '@/lib/device/use-geolocation';
import { useFinalMark } from '@/features/use-final-mark';
import type { RoomCodeEntry } from './use-room-code-entry';

/** The geofence step's answer, kept on the page under the banner (issue 22), not only in a 3-s toast. */
export type StepOutcome =
  /** `distanceM`: how far from the classroom, as the server rounded it (null from an answer without one). */
  { kind: 'outside'; accuracy: number; distanceM: number | null } | { kind: 'already'; at: string } | { kind: 'validated' } | { kind: 'refused'; text: string };

/**
 * SPEC 4 student marking: location, then the geofence step with the room code (issue 19); inside it goes to
 * /face-detection after 2 s, leaving the accepted code for the final mark, or sends the final mark itself when the
 * step says a face proof of this login is ready.
 */
export function useMarkAttendance(locate: () => Promise<Coords | null>, roomCode: RoomCodeEntry) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<StepOutcome | null>(null);
  const utils = trpc.useUtils();
  const geofenceStep = trpc.student.markAttendance.useMutation();
  const finalMark = useFinalMark();
  const refused = (text: string) => {
    toast.error(text);
    setResult({ kind: 'refused', text });
  };

  /**
   * The step said this login holds an unspent face proof (a face check that passed after the step's minute was over):
   * the final mark at once, not a second face check. False when the server found no proof after all: the face page.
   */
  async function markWithReadyProof(coords: Coords, code: string) {
    const answer = await finalMark.send(coords, code || null, { faceCheckNext: true });
    if (!answer) return false;
    const { outcome, backToCode } = answer;
    if (backToCode) roomCode.refuse(roomCodeRefusalText(backToCode));
    else if (outcome.kind === 'already') setResult({ kind: 'already', at: outcome.at });
    else if (outcome.kind === 'failed') setResult({ kind: 'refused', text: outcome.detail ?? MSG.verification.failed });
    return true;
  }

  /** `code`: a code that has not reached the field's state yet (the QR link's, on arrival). */
  async function mark(code = roomCode.value) {
    if (!getToken()) return void toast.error(MSG.student.authError);
    setBusy(true);
    setResult(null);
    let redirecting = false;
    try {
      const coords = await locate();
      if (!coords) return void toast.error(MSG.student.locationError);
      const answer = await geofenceStep.mutateAsync({ ...coords, room_code: code || undefined, device_id: deviceId() }).catch((err: unknown) => {
        const reason = errorCodeOf(err);
        if (reason === 'room_code_required') roomCode.refuse(MSG.roomCode.required);
        // Issue 36: said once, under the field (no toast repeating it).
        else if (reason === 'room_code_not_current') roomCode.refuse(MSG.roomCode.notCurrent);
        else if (trpcCodeOf(err) === 'UNAUTHORIZED') refused(MSG.student.authError);
        else refused(refusalText(err, MSG.student.unexpected));
        return null;
      });
      if (!answer) return;
      if (answer.status === 'already_marked') {
        toast.info(MSG.student.alreadyMarked(formatDateTime(answer.timestamp)));
        setResult({ kind: 'already', at: answer.timestamp });
      } else if ('error' in answer && answer.error) refused(answer.error);
      else if (answer.geofencing_status === 'invalid') {
        toast.warning(MSG.student.outside);
        setResult({ kind: 'outside', accuracy: coords.accuracy, distanceM: 'distance_m' in answer ? answer.distance_m : null });
      } else if (answer.geofencing_status === 'valid') {
        if ('face_proof_ready' in answer && answer.face_proof_ready && (await markWithReadyProof(coords, code))) return;
        redirecting = true;
        roomCodeHandoff.keep(code);
        toast.success(MSG.student.validated);
        setResult({ kind: 'validated' });
        setTimeout(() => navigate('/face-detection', { state: coords }), REDIRECT_AFTER_MARKING_MS);
      } else refused(MSG.student.unexpected);
    } catch {
      refused(MSG.student.unexpected);
    } finally {
      if (!redirecting) setBusy(false);
      void utils.student.openSession.invalidate();
    }
  }

  return { mark, busy, result };
}
