import { ArrowLeft, ArrowRight, CheckCircle2, Circle, Eye } from 'lucide-react';
import { MSG } from '@shared/messages';
import { cn } from '@/lib/utils';
import { currentStep, isDone, type LiveGuide } from './live-guide';

/**
 * The current instruction over the preview, in words (read out: aria-live) and with an arrow, and how far through the
 * check it is. The preview is mirrored, so the student's own left is the screen's left: a left turn's arrow points left.
 */
export function ChallengeInstruction({ guide }: { guide: LiveGuide }) {
  const current = currentStep(guide);
  const step = current?.step;
  const Arrow = step === 'turn_left' ? ArrowLeft : step === 'turn_right' ? ArrowRight : null;
  return (
    <>
      {current && (
        <span data-testid="challenge-count" className="absolute top-3 right-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white">
          {MSG.faceChallenge.stepOf(current.index + 1, guide.of)}
        </span>
      )}
      {Arrow && (
        <Arrow
          aria-hidden
          data-testid="challenge-arrow"
          data-direction={step === 'turn_left' ? 'left' : 'right'}
          className={cn('absolute top-1/2 size-16 -translate-y-1/2 text-white drop-shadow-lg animate-pulse', step === 'turn_left' ? 'left-3' : 'right-3')}
        />
      )}
      <p
        aria-live="assertive"
        data-testid="challenge-instruction"
        data-step={step}
        data-index={current?.index}
        className="absolute inset-x-0 bottom-4 mx-auto flex w-fit max-w-[90%] items-center gap-2 rounded-full bg-black/70 px-4 py-1.5 text-center text-lg font-bold text-white"
      >
        {step === 'blink' && <Eye aria-hidden className="size-5 shrink-0" />}
        {step ? MSG.faceChallenge.steps[step] : guide.stopped ? MSG.faceChallenge.allDone : MSG.faceChallenge.getReady}
        {current?.seen && <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success" />}
      </p>
    </>
  );
}

/**
 * The instructions the server has sent so far, each ticked once over (a word beside the icon: not the icon alone).
 * Only those sent: the page never lists one before the server gives it.
 */
export function ChallengeSteps({ guide }: { guide: LiveGuide }) {
  const current = currentStep(guide);
  return (
    <div data-testid="challenge-steps" className="grid gap-1.5">
      <ol aria-label={MSG.faceChallenge.stepsLabel} className="flex flex-wrap justify-center gap-2">
        {guide.shown.map((shown) => {
          const done = isDone(guide, shown);
          return (
            <li
              key={shown.index}
              data-done={done}
              className={cn(
                'flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm',
                done ? 'border-success/40 bg-success/10 text-success' : shown === current ? 'border-primary font-medium' : 'text-muted-foreground',
              )}
            >
              {done ? <CheckCircle2 aria-hidden className="size-4" /> : <Circle aria-hidden className="size-4" />}
              {MSG.faceChallenge.steps[shown.step]}
              <span className="sr-only">: {done ? MSG.faceChallenge.stepDone : MSG.faceChallenge.stepPending}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
