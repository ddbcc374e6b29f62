import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { PageSkeleton } from '@/components/app-state/page-skeleton';

/**
 * The page's own first paint the server sent beside #root (route-first-paint.json, e.g. the student dashboard's
 * header and heading), on the path it was sent for; null on a page that came with index.html's brand line.
 */
const painted = (() => {
  const frame = document.getElementById('first-paint');
  return frame ? { path: window.location.pathname, frame } : null;
})();

function dropFirstPaint() {
  painted?.frame.remove();
}

/**
 * What the app shows while a page's chunks arrive: on the path the server painted, nothing of its own (that frame
 * stays on screen: a skeleton in its place would blink between two pictures of the page); elsewhere, the skeleton.
 */
export function RouteFallback() {
  const { pathname } = useLocation();
  const onPaintedPath = painted !== null && pathname === painted.path;
  // a redirect (to the login page) leaves the painted path: its frame goes with it
  useLayoutEffect(() => {
    if (!onPaintedPath) dropFirstPaint();
  }, [onPaintedPath]);
  if (!onPaintedPath) return <PageSkeleton />;
  return (
    <span role="status" aria-live="polite" className="sr-only">
      {FIRST_LOAD_MSG.appShell.loadingPage}
    </span>
  );
}

/**
 * Rendered with the page: removes the first paint in the commit that shows the page, so the browser never paints
 * both, nor neither. The nodes stayed where the server put them until then, so Chromium timed their paint (React
 * replacing them early made the page's largest text count only when painted again, a second or two later).
 */
export function FirstPaintDone() {
  useLayoutEffect(dropFirstPaint, []);
  return null;
}
