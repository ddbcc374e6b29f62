import { type RefObject, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { RECORDING_MS, REDIRECT_AFTER_MARKING_MS, TOAST_MS } from '@shared/constants';
import type { FaceStreamVerdict } from '@shared/face/face-stream';
import { MSG } from '@shared/messages';
import { reportRefusedToken } from '@/lib/api/refused-token';
import { RestRefusal } from '@/lib/api/retry-after';
import { type Coords, geolocationFailure, getCurrentCoords } from '@/lib/device/use-geolocation';
import { roomCodeHandoff, roomCodeRefusedState } from '@/lib/room-code-handoff';
import { type MarkOutcome, useFinalMark } from '@/features/use-final-mark';
import { getToken } from '@/lib/auth/session';
import type { Guide } from './challenge/live-guide';
import type { FaceStreamRefusal, LiveCheckLoss } from './recording/live-check';
import { useLiveCheck } from './recording/use-live-check';
import { isFinalRefusal, type RefusalAdvice, refusalAdvice } from './refusal-advice';
import type { TrackerHandle } from './tracker/use-face-tracker';
import type { Recording } from './recording/use-webcam-recorder';
import { BUSY_TOAST_ID, useFaceCheckUpload } from './recording/use-face-check-upload';
import type { FaceVerdict } from './recording/use-face-check-upload';

export type VerificationPhase = 'idle' | 'recording' | 'checking' | 'marking' | 'failed' | 'done';
export type FrameState = 'default' | 'success' | 'failure';

const opts = { duration: TOAST_MS.verification };
/** A busy server's Retry-After is honoured up to this (s): a longer one is not held against the Start button. */
const MAX_START_WAIT_S = 120;

interface Camera {
  videoRef: RefObject<HTMLVideoElement | null>;
  startRecording(maxMs: number): Recording;
  tracker: TrackerHandle;
}

/**
 * SPEC 4 verification flow with issue 33's live check: the camera streams to the server, which gives the
 * instructions one at a time and answers a verdict; then mark with face_verified and go back after 2 s. With the
 * live check off at the school, the blink-only check: RECORDING_MS recorded, then uploaded.
 */
export function useFaceVerification(camera: Camera, passedCoords: Coords | null) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<VerificationPhase>('idle');
  const [frame, setFrame] = useState<FrameState>('default');
  const [refusal, setRefusal] = useState<RefusalAdvice | null>(null);
  /** the server's code for the last refusal: it decides whether Start is offered again and how it reads */
  const [refusalCode, setRefusalCode] = useState<string | undefined>();
  /** the last check failed without an answer (the connection dropped): Start reads Try again */
  const [lost, setLost] = useState(false);
  const [blinking, setBlinking] = useState(false);
  /** Date.now() before which a busy server asked not to start again */
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<MarkOutcome | null>(null);
  const finalMark = useFinalMark();
  const upload = useFaceCheckUpload();
  const live = useLiveCheck(camera);

  useEffect(() => {
    if (waitUntil === null) return;
    const timer = setTimeout(() => setWaitUntil(null), waitUntil - Date.now());
    return () => clearTimeout(timer);
  }, [waitUntil]);

  function fail(advice: RefusalAdvice, errorCode?: string) {
    setFrame('failure');
    setRefusal(advice);
    setRefusalCode(errorCode);
    setPhase('failed');
    // Issue 36: said once, in the page (the status under the camera): no toast repeating it over the heading.
  }

  const refuse = (errorCode: string | undefined) => fail(refusalAdvice(errorCode), errorCode);

  async function start() {
    const token = getToken();
    if (!token) {
      toast.error(MSG.verification.tokenMissing, { ...opts, id: 'token-missing' });
      return;
    }
    const stream = camera.videoRef.current?.srcObject;
    if (!(stream instanceof MediaStream)) return;
    setFrame('default');
    setOutcome(null);
    setRefusal(null);
    setRefusalCode(undefined);
    setLost(false);
    setPhase('recording');
    const result = await live.check(stream, token, () => setPhase('checking'));
    if (result.kind === 'verdict') await settle(result.verdict);
    else if (result.kind === 'refused') await refused(result.refusal, token);
    else lose(result.cause);
  }

  async function settle(verdict: Pick<FaceStreamVerdict, 'success' | 'error_code'>) {
    if (!verdict.success) {
      refuse(verdict.error_code);
      return;
    }
    setFrame('success');
    setPhase('marking');
    await mark();
  }

  async function refused(r: FaceStreamRefusal, token: string) {
    // The school turned the live check off: today's blink-only recording and upload.
    if (r.error_code === 'live_check_off') return blinkOnly();
    if (r.status === 401) reportRefusedToken(token);
    // out of tries (429) is final, not a wait: the page says to ask the teacher and offers no Start
    if ((r.status === 503 || r.status === 429) && !isFinalRefusal(r.error_code)) {
      const wait = r.retry_after && r.retry_after > 0 ? Math.min(Math.ceil(r.retry_after), MAX_START_WAIT_S) : null;
      setWaitUntil(wait ? Date.now() + wait * 1000 : null);
      setPhase('idle');
      toast.warning(r.message || MSG.server.busy, { ...opts, description: wait ? MSG.faceChallenge.startAgainIn(wait) : undefined });
      return;
    }
    if (r.error_code) refuse(r.error_code);
    else {
      setPhase('idle');
      toast.error(r.message || MSG.verification.livenessError, opts);
    }
  }

  function lose(cause: LiveCheckLoss) {
    // The page is gone: nobody to tell.
    if (cause === 'aborted') return;
    if (cause === 'camera') {
      setPhase('idle');
      toast.error(MSG.verification.livenessError, opts);
      return;
    }
    setLost(true);
    fail(MSG.faceChallenge.lost);
  }

  /** The check with the live check off (FACE_CHALLENGE=off): RECORDING_MS of blinking, uploaded once recorded. */
  async function blinkOnly() {
    const recording = camera.startRecording(RECORDING_MS);
    let video: Blob;
    try {
      await recording.started;
      setBlinking(true);
      video = await recording.video;
    } catch {
      setPhase('idle');
      toast.error(MSG.verification.livenessError, opts);
      return;
    } finally {
      setBlinking(false);
    }
    setPhase('checking');
    let verdict: FaceVerdict;
    try {
      verdict = await upload.mutateAsync(video);
      toast.dismiss(BUSY_TOAST_ID);
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
      fail({ headline: MSG.verification.livenessError, step: detail || MSG.verification.refusedOther.step });
      return;
    }
    await settle(verdict);
  }

  async function mark() {
    let coords = passedCoords;
    if (!coords) {
      try {
        coords = await getCurrentCoords();
      } catch (err) {
        toast.error(geolocationFailure(err) === 'unsupported' ? MSG.verification.geoUnsupported : MSG.verification.enableGps, opts);
        setPhase('idle');
        return;
      }
    }
    // Taken whatever the answer: a code is good for one mark, and a refused one is stale by the next try.
    const answer = await finalMark.send(coords, roomCodeHandoff.take());
    setOutcome(answer.outcome);
    setPhase('done');
    // The geofence step is over a minute old, or the code is not the one it accepted (issue 35): the dashboard shows
    // why, with the field ready for a new code and a new step.
    const backState = answer.backToCode ? roomCodeRefusedState(answer.backToCode) : null;
    setTimeout(() => navigate('/student-dashboard', { state: backState }), REDIRECT_AFTER_MARKING_MS);
  }

  const guide: Guide = blinking ? 'blink' : live.guide;
  /** Start reads Try again after instructions not followed or a check cut off: the same thing, done again. */
  const tryAgain = phase === 'failed' && (lost || refusalCode === 'challenge_not_followed');
  return { phase, frame, refusal, refusalCode, guide, outcome, tryAgain, canStart: !isFinalRefusal(refusalCode) && waitUntil === null, start };
}
