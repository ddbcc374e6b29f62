import { ArrowLeft, CheckCircle2, Loader2, ScanFace, UserPen, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { FACE_CHALLENGE_FAILS_PER_SESSION } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Brand } from '@/components/layout/brand';
import { cameraTrouble, PermissionHelp, type PermissionTrouble } from '@/components/permission-help';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from '@/components/ui/card';
import type { Coords } from '@/lib/device/use-geolocation';
import { formatTime } from '@/lib/format';
import { CameraFrame, ChallengeSteps, useFaceTracker, useFaceVerification, type VerificationPhase, useWebcamRecorder } from '@/features/verification';
import type { MarkOutcome } from '@/features/use-final-mark';
import { trpc } from '@/lib/api/trpc';
import { ReviewRequestCard } from '@/features/review-request';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { ButtonLink } from '@/components/button-link';

const BUSY: VerificationPhase[] = ['recording', 'checking', 'marking', 'done'];
/** The preview is read for the tracker's baseline only while the student may press Start. */
const WAITING: VerificationPhase[] = ['idle', 'failed'];
const STATUS_TEXT: Record<VerificationPhase, string> = {
  idle: MSG.verification.instruction,
  recording: MSG.verification.recording,
  checking: MSG.verification.checking,
  marking: MSG.verification.verified,
  done: MSG.verification.verified,
  failed: MSG.verification.noBlink,
};

/** The page's last line once the mark is answered: the final state until the redirect, not 'Verifying…'. */
function outcomeText(outcome: MarkOutcome): string {
  if (outcome.kind === 'marked') return MSG.studentScreens.faceMarked(formatTime(outcome.at));
  if (outcome.kind === 'late') return MSG.studentScreens.faceLate(formatTime(outcome.at));
  if (outcome.kind === 'already') return MSG.studentScreens.faceAlready(formatTime(outcome.at));
  return outcome.detail ? `${MSG.studentScreens.faceFailed} ${outcome.detail}` : MSG.studentScreens.faceFailed;
}

function passedCoords(state: unknown): Coords | null {
  const s = state as Partial<Coords> | null;
  return s && typeof s.latitude === 'number' && typeof s.longitude === 'number' && typeof s.accuracy === 'number'
    ? { latitude: s.latitude, longitude: s.longitude, accuracy: s.accuracy }
    : null;
}

/**
 * /face-detection: camera preview, Start Verification, the live check streamed to the server and guided by its
 * instructions as they come (or 3 s of blinking, uploaded, with the check off), liveness verdict, then the mark
 * (SPEC 2, 4; issues 20, 33).
 */
export function FaceDetectionPage() {
  useDocumentTitle(MSG.verification.title);
  const location = useLocation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [cameraAttempt, setCameraAttempt] = useState(0);
  const [trouble, setTrouble] = useState<PermissionTrouble>('blocked');
  const { camera, startRecording } = useWebcamRecorder(
    videoRef,
    // Issue 36: the permission help under the camera says it; no toast repeating it.
    (err) => setTrouble(cameraTrouble(err)),
    cameraAttempt,
  );
  const [sampling, setSampling] = useState(true);
  const tracker = useFaceTracker(videoRef, camera === 'ready', sampling);
  const { phase, frame, refusal, refusalCode, guide, outcome, tryAgain, canStart, start } = useFaceVerification(
    { videoRef, startRecording, tracker },
    passedCoords(location.state),
  );
  const busy = BUSY.includes(phase);
  useEffect(() => setSampling(WAITING.includes(phase)), [phase]);

  // Issue 36: the tries left in the session, said before the first one (and again after each refusal).
  const open = trpc.student.openSession.useQuery(undefined, { staleTime: 0 });
  const triesLeft = open.data?.session?.face_tries_left ?? null;
  useEffect(() => {
    if (phase === 'failed') void open.refetch();
  }, [phase, open.refetch]);

  const finished = phase === 'done' && outcome !== null;
  const markFailed = finished && outcome.kind === 'failed';
  const StatusIcon = phase === 'failed' || markFailed ? XCircle : frame === 'success' ? CheckCircle2 : busy ? Loader2 : ScanFace;
  const statusText = finished
    ? outcomeText(outcome)
    : phase === 'failed' && refusal
      ? refusal.headline
      : phase === 'recording' && guide !== 'blink'
        ? MSG.faceChallenge.recording
        : STATUS_TEXT[phase];
  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-br from-hero-from via-background to-hero-to">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-5 sm:px-6">
        <Brand />
        <ButtonLink variant="ghost" size="sm" to="/student-dashboard">
          <ArrowLeft aria-hidden />
          {MSG.verification.backToDashboard}
        </ButtonLink>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 sm:items-center">
        <Card className="w-full max-w-xl">
          <CardHeader>
            <CardHeading level="h1" className="text-2xl">
              {MSG.verification.title}
            </CardHeading>
            <CardDescription>{MSG.verification.subtitle}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <CameraFrame videoRef={videoRef} camera={camera} frame={frame} recording={phase === 'recording'} guide={guide} tracking={tracker.state} />
            {camera === 'error' && <PermissionHelp permission="camera" trouble={trouble} onRetry={() => setCameraAttempt((n) => n + 1)} />}
            {(phase === 'recording' || phase === 'checking') && guide !== null && guide !== 'blink' && guide.shown.length > 0 && (
              <ChallengeSteps guide={guide} />
            )}
            {camera !== 'error' && (
              <div
                role="status"
                aria-live="polite"
                data-testid="verification-status"
                className={phase === 'failed' || markFailed ? 'text-destructive' : frame === 'success' ? 'text-success' : 'text-foreground'}
              >
                <p className="flex items-center justify-center gap-2 text-center font-medium">
                  <StatusIcon className={busy && !finished && frame !== 'success' ? 'size-5 animate-spin' : 'size-5'} aria-hidden />
                  {statusText}
                </p>
                {phase === 'failed' && refusal && <p className="mt-1 text-center text-sm text-muted-foreground">{refusal.step}</p>}
                {finished && <p className="mt-1 text-center text-sm text-muted-foreground">{MSG.studentScreens.returning}</p>}
              </div>
            )}
            {/* Issue 39: refused in the room, the student can ask the teacher from here. */}
            {(phase === 'failed' || markFailed) && <ReviewRequestCard refreshKey={outcome ?? refusalCode} />}
            {/* The mismatch advice sends the student to new photos: the way there, one tap away. */}
            {phase === 'failed' && refusalCode === 'identity_mismatch' && (
              <ButtonLink variant="outline" to="/update-user">
                <UserPen aria-hidden />
                {MSG.studentScreens.editDetails}
              </ButtonLink>
            )}
            {finished ? (
              <ButtonLink size="lg" to="/student-dashboard">
                {MSG.verification.backToDashboard}
              </ButtonLink>
            ) : (
              <Button size="lg" onClick={start} disabled={busy || camera !== 'ready' || !canStart}>
                {phase === 'recording'
                  ? MSG.studentScreens.faceRecording
                  : busy
                    ? MSG.verification.verifying
                    : tryAgain
                      ? MSG.faceChallenge.tryAgain
                      : MSG.verification.start}
              </Button>
            )}
            {triesLeft !== null && triesLeft > 0 && !busy && !finished && (
              <p data-testid="tries-left" className="text-center text-sm text-muted-foreground">
                {MSG.studentScreens.triesLeft(triesLeft, FACE_CHALLENGE_FAILS_PER_SESSION)}
              </p>
            )}
            <ul className="grid gap-1.5 rounded-lg bg-muted/60 p-4 text-sm text-muted-foreground">
              {MSG.verification.tips.map((tip) => (
                <li key={tip} className="flex gap-2">
                  <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
                  {tip}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
