import { useEffect, useState } from 'react';

/** Whole seconds left until `endMs`, re-rendering every second; null without an end. */
export function useCountdown(endMs: number | null): number | null {
  const compute = () => (endMs === null ? null : Math.max(0, Math.ceil((endMs - Date.now()) / 1000)));
  const [left, setLeft] = useState(compute);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compute reads only endMs
  useEffect(() => {
    setLeft(compute());
    if (endMs === null) return;
    const timer = setInterval(() => setLeft(compute()), 1_000);
    return () => clearInterval(timer);
  }, [endMs]);
  return left;
}
