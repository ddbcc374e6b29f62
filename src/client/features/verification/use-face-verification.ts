import { type RefObject, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REDIRECT_AFTER_MARKING_MS, TOAST_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { deviceId } from '@/lib/device/device-id';
import { RestRefusal } from '@/lib/api/retry-after';
import { formatDistance } from '@/lib/format';
import { type Coords, geolocationFailure, getCurrentCoords } from '@/lib/device/use-geolocation';
import { ROOM_CODE_REFUSED_STATE, roomCodeHandoff } from '@/lib/room-code-handoff';
import { errorCodeOf, isNoResponse, refusalText } from '@/lib/api/server-errors';
import { getToken } from '@/lib/auth/session';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';
import type { Guide } from './challenge/follow-challenge';
import { type RecordedAnswer, recordAnswer } from './recording/record-answer';
import { isFinalRefusal, type RefusalAdvice, refusalAdvice } from './refusal-advice';
import type { TrackerHandle } from './tracker/use-face-tracker';
import type { Recording } from './recording/use-webcam-recorder';
import { BUSY_TOAST_ID, useFaceCheckUpload } from './recording/use-face-check-upload';

export type VerificationPhase = 'idle' | 'recording' | 'checking' | 'marking' | 'failed' | 'done';
export type FrameState = 'default' | 'success' | 'failure';
/** What the final mark came to, shown on the page until the redirect (issue 22): not only in a toast. */
export type MarkOutcome =
  | { kind: 'marked'; at: string }
  | { kind: 'late'; at: string }
  | { kind: 'already'; at: string }
  | { kind: 'failed'; detail: string | null };

const opts = { duration: TOAST_MS.verification };
const M = MSG.verification;

interface Camera {
  videoRef: RefObject<HTMLVideoElement | null>;
  startRecording(maxMs: number): Recording;
  tracker: TrackerHandle;
}

/**
 * SPEC 4 verification flow, with issue 20's challenge: record while guiding the student through the server's steps,
 * check liveness, then mark with face_verified and go back after 2 s.
 */
export function useFaceVerification(camera: Camera, passedCoords: Coords | null) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<VerificationPhase>('idle');
  const [frame, setFrame] = useState<FrameState>('default');
  const [refusal, setRefusal] = useState<RefusalAdvice | null>(null);
  /** the server's code for the last refusal: it decides whether Start is offered again and how it reads */
  const [refusalCode, setRefusalCode] = useState<string | undefined>();
  const [guide, setGuide] = useState<Guide>(null);
  const [outcome, setOutcome] = useState<MarkOutcome | null>(null);
  const markVerified = trpc.student.markAttendance.useMutation();
  const upload = useFaceCheckUpload();

  function refuse(errorCode: string | undefined) {
    const advice = refusalAdvice(errorCode);
    setFrame('failure');
    setRefusal(advice);
    setRefusalCode(errorCode);
    setPhase('failed');
    toast.error(advice.headline, { ...opts, description: advice.step });
  }

  async function start() {
    if (!getToken()) {
      toast.error(M.tokenMissing, { ...opts, id: 'token-missing' });
      return;
    }
    const video = camera.videoRef.current;
    if (!video) return;
    setFrame('default');
    setOutcome(null);
    setRefusal(null);
    setRefusalCode(undefined);
    setPhase('recording');
    let recorded: RecordedAnswer;
    try {
      recorded = await recordAnswer({ startRecording: camera.startRecording, video, tracker: camera.tracker, onGuide: setGuide });
    } catch {
      setPhase('idle');
      toast.error(M.livenessError, opts);
      return;
    }
    if (!recorded.ok) {
      // No challenge issued: the session's limit of failed challenges, or a refusal without a reason.
      if (recorded.refusal.error_code) refuse(recorded.refusal.error_code);
      else {
        setPhase('idle');
        toast.error(recorded.refusal.message || M.livenessError, opts);
      }
      return;
    }
    setPhase('checking');
    try {
      const verdict = await upload.mutateAsync({ video: recorded.video, answer: recorded.answer });
      toast.dismiss(BUSY_TOAST_ID);
      if (!verdict.success) {
        refuse(verdict.error_code);
        return;
      }
    } catch (err) {
      toast.dismiss(BUSY_TOAST_ID);
      if (err instanceof RestRefusal && err.status === 503) {
        setPhase('idle');
        toast.warning(err.body.message || MSG.server.busy, opts);
        return;
      }
      // A refused upload (no_enrollment, invalid_video) carries its reason as error_code; other failures do not.
      if (err instanceof RestRefusal && err.body.error_code) {
        refuse(err.body.error_code);
        return;
      }
      const detail = err instanceof RestRefusal ? err.body.message : err instanceof Error ? err.message : undefined;
      setFrame('failure');
      setPhase('failed');
      setRefusal({ headline: M.livenessError, step: detail || M.refusedOther.step });
      toast.error(M.livenessError, opts);
      return;
    }
    setFrame('success');
    setPhase('marking');
    await mark();
  }

  async function mark() {
    let coords = passedCoords;
    if (!coords) {
      try {
        coords = await getCurrentCoords();
      } catch (err) {
        toast.error(geolocationFailure(err) === 'unsupported' ? M.geoUnsupported : M.enableGps, opts);
        setPhase('idle');
        return;
      }
    }
    // Taken whatever the answer: a code is good for one mark, and a refused one is stale by the next try.
    const roomCode = roomCodeHandoff.take();
    let backState: unknown = null;
    try {
      // face_verified: the server checks it holds a fresh verification of its own.
      setOutcome(showResult(await markVerified.mutateAsync({ ...coords, face_verified: true, room_code: roomCode ?? undefined, device_id: deviceId() })));
    } catch (err) {
      const reason = errorCodeOf(err);
      setOutcome({ kind: 'failed', detail: refusalText(err, '') || null });
      // The code grew too old during the face check: the dashboard shows why, with the field ready for a new one.
      if (reason === 'room_code_not_current' || reason === 'room_code_required') {
        backState = ROOM_CODE_REFUSED_STATE;
        toast.error(M.failed, { ...opts, description: reason === 'room_code_required' ? MSG.roomCode.required : MSG.roomCode.notCurrent });
      }
      // Any answer from the server is a failed marking (with its reason when it gave one); no answer is an error.
      else if (isNoResponse(err)) toast.error(M.attendanceError, opts);
      else toast.error(M.failed, { ...opts, description: refusalText(err, '') || undefined });
    }
    setPhase('done');
    setTimeout(() => navigate('/student-dashboard', { state: backState }), REDIRECT_AFTER_MARKING_MS);
  }

  return { phase, frame, refusal, refusalCode, guide, outcome, canStart: !isFinalRefusal(refusalCode), start };
}

function showResult(result: RouterOutputs['student']['markAttendance']): MarkOutcome {
  if (result.status === 'already_marked') {
    toast.info(M.alreadyMarked, opts);
    return { kind: 'already', at: result.timestamp };
  }
  if (result.status === 'present' && result.geofencing_status === 'valid' && result.face_recognition_status === 'verified') {
    toast.success(M.marked, opts);
    return { kind: 'marked', at: result.timestamp };
  }
  // Issue 24: past the teacher's grace period the mark is late, and the result says when it was made.
  if (result.status === 'late' && result.face_recognition_status === 'verified') {
    toast.success(result.message, opts);
    return { kind: 'late', at: result.timestamp };
  }
  const error = 'error' in result && result.error ? result.error : null;
  toast.error(M.failed, { ...opts, description: error ?? undefined });
  // Walked out during the face check: the page says how far, as the dashboard does (issue 22); the toast keeps SPEC's words.
  const howFar = 'distance_m' in result && result.distance_m !== undefined ? MSG.studentScreens.outsideBy(formatDistance(result.distance_m)) : null;
  return { kind: 'failed', detail: howFar ?? error };
}
