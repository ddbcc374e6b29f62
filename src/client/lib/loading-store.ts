import { useSyncExternalStore } from 'react';

/** The global loading flag behind the full-screen overlay; a counter so overlapping tasks do not clear each other. */
let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function setGlobalLoading(on: boolean) {
  pending = Math.max(0, pending + (on ? 1 : -1));
  emit();
}

/** Runs `task` with the overlay shown. */
export async function withGlobalLoading<T>(task: () => Promise<T>): Promise<T> {
  setGlobalLoading(true);
  try {
    return await task();
  } finally {
    setGlobalLoading(false);
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(subscribe, () => pending > 0);
}
