import { type ComponentType, lazy, type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * Code a dashboard's first screen does not need (a form's schemas and validation, a dialog opened on demand) loads
 * when the browser is idle after the first render, in tasks of its own: at a phone's speed it otherwise fell in the
 * page's first long tasks (Lighthouse's Total Blocking Time, issue 36).
 */

/** Runs `fn` once the browser is idle (at the latest after `timeoutMs`); returns a cancel. */
export function onIdle(fn: () => void, timeoutMs = 2000): () => void {
  // Safari has no requestIdleCallback: a timer after the first paint's work does the same there.
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(fn, 500);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(fn, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}

/**
 * A lazy component whose chunk can be fetched ahead of its first render (a dialog's open), so it shows at once:
 * `preload()` when the page is idle (from an effect of the page that holds it), `load()` now (the pointer or focus on
 * what opens it: a press follows in a moment).
 */
export function lazyPreloaded<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const loadOnce = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  return Object.assign(lazy(loadOnce), { preload: () => onIdle(() => void loadOnce()), load: () => void loadOnce() });
}

/**
 * True once the browser is idle after the page's first render, or as soon as `near` comes within a screen of the
 * viewport, whichever is first: for a part below a phone's first screen, rendered within a moment of the page
 * without waiting for a scroll. `show()` renders it at once (a link to it was followed).
 * `{ idle: false }`: only when it comes near (or `show()`), for a part whose code is heavy and sits far down: work done
 * when idle still falls in the page's first seconds on a phone, where Lighthouse counts it (Total Blocking Time).
 * `margin`: how near is near (the IntersectionObserver's rootMargin; a screen by default).
 */
export function useDeferredMount(near: RefObject<Element | null>, { idle = true, margin = '100% 0px' } = {}): [ready: boolean, show: () => void] {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const show = () => setReady(true);
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: margin })
        : null;
    // without an observer (very old browsers) nothing would bring it near: render it when idle after all
    const cancelIdle = idle || !observer ? onIdle(show) : () => {};
    if (near.current) observer?.observe(near.current);
    return () => {
      cancelIdle();
      observer?.disconnect();
    };
  }, [ready, near, idle, margin]);
  return [ready, useCallback(() => setReady(true), [])];
}

/**
 * Whether `open` has been true at least once: a part whose code comes on its first opening (React.lazy) mounts then
 * and stays mounted, so it closes with its own animation and opens again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // set during render, as React allows for state derived from props: no frame without it once it is wanted
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** React.lazy for a named export: `lazyNamed(() => import('./x').then((m) => m.X))`. */
export function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}
