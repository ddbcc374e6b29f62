import type { MouseEvent } from 'react';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';

/**
 * The first stop of every page's Tab order: hidden until focused, it moves the focus into the page's <main>, so a
 * keyboard user passes the header and the sidebar in one press (WCAG 2.4.1). Every layout has one <main>; the link
 * finds it rather than each page naming a target.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.querySelector('main');
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus({ preventScroll: true });
    main.scrollIntoView({ block: 'start' });
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: a link in name and role, as skip links are announced; its target is whichever <main> the route rendered
    <a
      href="#main"
      onClick={skip}
      className="fixed top-2 left-2 z-[100] -translate-y-[200%] rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg outline-none focus-visible:translate-y-0 focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      {FIRST_LOAD_MSG.skipLink}
    </a>
  );
}
