import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ChallengeStep } from '@shared/face/face-challenge';
import { type LiveGuide, newGuide, withSeen, withStep, withStop } from '../challenge/live-guide';
import { watchStep } from '../challenge/watch-step';
import type { TrackerHandle } from '../tracker/use-face-tracker';
import { runLiveCheck } from './live-check';

/** What the browser tests read of the check under way: the instructions as they came, on the page's clock. */
interface LiveCheckTrace {
  checkId: string;
  steps: { step: ChallengeStep; index: number; shownAt: number }[];
}

/**
 * The live check (live-check.ts) for the face page: the instructions as React state while it runs, each watched by
 * the tracker when it follows the face live (a move it sees is ticked at once; otherwise a step is ticked when the
 * next one comes), and the check given up when the page unmounts.
 */
export function useLiveCheck({ videoRef, tracker }: { videoRef: RefObject<HTMLVideoElement | null>; tracker: TrackerHandle }) {
  const [guide, setGuide] = useState<LiveGuide | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  async function check(stream: MediaStream, token: string, onStopped: () => void) {
    const controller = new AbortController();
    running.current = controller;
    const baseline = tracker.baseline();
    const live = tracker.state === 'live' ? tracker.tracker : null;
    let total = 0;
    // the current instruction's watch (assigned in the callbacks below)
    let watching = null as AbortController | null;
    let trace: LiveCheckTrace = { checkId: '', steps: [] };
    // resolved when the tracker sees the last instruction's move: the server closes its window early
    let sawLast: () => void = () => {};
    const lastSeen = new Promise<void>((resolve) => {
      sawLast = resolve;
    });
    const watch = (index: number, step: ChallengeStep) => {
      watching?.abort();
      const video = videoRef.current;
      if (!live || !video) return;
      watching = new AbortController();
      watchStep({ video, tracker: live, baseline, step, signal: watching.signal }).then((seen) => {
        if (!seen) return;
        setGuide((g) => g && withSeen(g, index));
        if (index === total - 1) sawLast();
      });
    };
    try {
      return await runLiveCheck({
        stream,
        token,
        signal: controller.signal,
        lastSeen,
        onReady: ({ checkId, steps }) => {
          total = steps;
          trace = { checkId, steps: [] };
          Object.assign(window, { __liveCheck: trace });
          setGuide(newGuide(steps));
        },
        onStep: (message) => {
          trace.steps.push({ step: message.step, index: message.index, shownAt: performance.now() });
          setGuide((g) => withStep(g ?? newGuide(message.of), message));
          watch(message.index, message.step);
        },
        onStopped: () => {
          watching?.abort();
          setGuide((g) => g && withStop(g));
          onStopped();
        },
      });
    } finally {
      watching?.abort();
      if (running.current === controller) running.current = null;
      setGuide(null);
    }
  }

  return { guide, check };
}
