// The final mark and how its answer is told, shared by the face page (verification) and the dashboard (student).
import { toast } from 'sonner';
import { TOAST_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { deviceId } from '@/lib/device/device-id';
import type { Coords } from '@/lib/device/use-geolocation';
import { formatDistance } from '@/lib/format';
import { type RoomCodeRefusal, roomCodeRefusalOf, roomCodeRefusalText } from '@/lib/room-code-handoff';
import { errorCodeOf, isNoResponse, refusalText } from '@/lib/api/server-errors';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';

/** What the final mark came to, shown on the page (issue 22): not only in a toast. */
export type MarkOutcome =
  | { kind: 'marked'; at: string }
  | { kind: 'late'; at: string }
  | { kind: 'already'; at: string }
  | { kind: 'failed'; detail: string | null };

/**
 * `backToCode`: the step is over a minute old, or the code is not the one it accepted (issue 35): the student needs a
 * new code and a new geofence step on the dashboard.
 */
export type FinalMarkAnswer = { outcome: MarkOutcome; backToCode: RoomCodeRefusal | null };

const opts = { duration: TOAST_MS.verification };

/**
 * The final mark (face_verified: the server checks it holds a fresh face proof of its own), told in a toast the same
 * way wherever it is sent from: the face page after its verdict, or the dashboard when the geofence step said a proof
 * is ready (a face check that passed after the step's minute).
 */
export function useFinalMark() {
  const finalMark = trpc.student.markAttendance.useMutation();
  const utils = trpc.useUtils();
  /**
   * Whatever the answer, the dashboard's banner, overview and standing are read again now, inactive ones too: the face
   * page leaves for the dashboard 2 s later, which must not open on the Mark Attendance of before the mark.
   */
  const refreshDashboard = () => {
    void utils.student.invalidate(undefined, { refetchType: 'all' });
    void utils.attendanceRule.standing.invalidate(undefined, { refetchType: 'all' });
  };

  /**
   * `faceCheckNext`: a refusal for want of a face proof is told nothing and answered null, for the caller to open the
   * face check instead.
   */
  function send(coords: Coords, roomCode: string | null): Promise<FinalMarkAnswer>;
  function send(coords: Coords, roomCode: string | null, how: { faceCheckNext: true }): Promise<FinalMarkAnswer | null>;
  async function send(coords: Coords, roomCode: string | null, { faceCheckNext = false } = {}): Promise<FinalMarkAnswer | null> {
    try {
      const result = await finalMark
        .mutateAsync({ ...coords, face_verified: true, room_code: roomCode ?? undefined, device_id: deviceId() })
        .finally(refreshDashboard);
      if (faceCheckNext && result.status === 'refused' && result.face_recognition_status === 'not_verified') return null;
      return { outcome: showResult(result), backToCode: null };
    } catch (err) {
      const backToCode = roomCodeRefusalOf(errorCodeOf(err));
      const detail = refusalText(err, '') || null;
      if (backToCode) toast.error(MSG.verification.failed, { ...opts, description: roomCodeRefusalText(backToCode) });
      // Any answer from the server is a failed marking (with its reason when it gave one); no answer is an error.
      else if (isNoResponse(err)) toast.error(MSG.verification.attendanceError, opts);
      else toast.error(MSG.verification.failed, { ...opts, description: detail ?? undefined });
      return { outcome: { kind: 'failed', detail }, backToCode };
    }
  }

  return { send };
}

function showResult(result: RouterOutputs['student']['markAttendance']): MarkOutcome {
  if (result.status === 'already_marked') {
    toast.info(MSG.verification.alreadyMarked, opts);
    return { kind: 'already', at: result.timestamp };
  }
  if (result.status === 'present' && result.geofencing_status === 'valid' && result.face_recognition_status === 'verified') {
    toast.success(MSG.verification.marked, opts);
    return { kind: 'marked', at: result.timestamp };
  }
  // Issue 24: past the teacher's grace period the mark is late, and the result says when it was made.
  if (result.status === 'late' && result.face_recognition_status === 'verified') {
    toast.success(result.message, opts);
    return { kind: 'late', at: result.timestamp };
  }
  const error = 'error' in result && result.error ? result.error : null;
  toast.error(MSG.verification.failed, { ...opts, description: error ?? undefined });
  // Walked out during the face check: the page says how far, as the dashboard does (issue 22); the toast keeps SPEC's words.
  const howFar = 'distance_m' in result && result.distance_m !== undefined ? MSG.studentScreens.outsideBy(formatDistance(result.distance_m)) : null;
  return { kind: 'failed', detail: howFar ?? error };
}
