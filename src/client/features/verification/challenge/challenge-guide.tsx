import { ArrowLeft, ArrowRight, CheckCircle2, Circle, Eye } from 'lucide-react';
import type { ChallengeStep } from '../../../../shared/face/face-challenge';
import { MSG } from '../../../../shared/messages';
import { cn } from '@/lib/utils';
import type { GuideView } from './follow-challenge';

const C = MSG.faceChallenge;

/**
 * The current instruction over the preview, in words (read out: aria-live) and with an arrow. The preview is
 * mirrored, so the student's own left is the screen's left: a left turn's arrow points left.
 */
export function ChallengeInstruction({ view }: { view: GuideView }) {
  const step: ChallengeStep | undefined = view.steps[view.done];
  const Arrow = step === 'turn_left' ? ArrowLeft : step === 'turn_right' ? ArrowRight : null;
  return (
    <>
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
        className="absolute inset-x-0 bottom-4 mx-auto flex w-fit max-w-[90%] items-center gap-2 rounded-full bg-black/70 px-4 py-1.5 text-center text-lg font-bold text-white"
      >
        {step === 'blink' && <Eye aria-hidden className="size-5 shrink-0" />}
        {step ? C.steps[step] : C.allDone}
      </p>
    </>
  );
}

/** A stable key per step: its name and which occurrence of it this is (a longer challenge may repeat a step). */
const keyed = (steps: readonly ChallengeStep[]) => steps.map((step, i) => ({ step, key: `${step}#${steps.slice(0, i).filter((s) => s === step).length}` }));

/** The challenge's steps in order, each ticked once done (a word beside the icon: not the icon alone). */
export function ChallengeSteps({ view }: { view: GuideView }) {
  return (
    <div data-testid="challenge-steps" data-mode={view.mode} className="grid gap-1.5">
      <ol aria-label={C.stepsLabel} className="flex flex-wrap justify-center gap-2">
        {keyed(view.steps).map(({ step, key }, i) => {
          const done = i < view.done;
          return (
            <li
              key={key}
              data-done={done}
              className={cn(
                'flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm',
                done ? 'border-success/40 bg-success/10 text-success' : i === view.done ? 'border-primary font-medium' : 'text-muted-foreground',
              )}
            >
              {done ? <CheckCircle2 aria-hidden className="size-4" /> : <Circle aria-hidden className="size-4" />}
              {C.steps[step]}
              <span className="sr-only">: {done ? C.stepDone : C.stepPending}</span>
            </li>
          );
        })}
      </ol>
      {view.mode === 'timed' && <p className="text-center text-xs text-muted-foreground">{C.timed}</p>}
    </div>
  );
}
