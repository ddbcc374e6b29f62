import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, following it as the window changes. Read synchronously on the first render, so
 * a screen that shows one of two layouts renders only that one from the start.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/**
 * Tailwind's `md` breakpoint as a query. A list of hundreds of records renders as cards below it and as a table from
 * it; rendering both and hiding one with CSS doubled the page's work on every open (250 records: 500 blocks).
 */
export const WIDE_LAYOUT = '(min-width: 768px)';
