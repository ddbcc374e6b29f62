import { useLocation } from 'react-router';
import { FIRST_LOAD_MSG } from '../../shared/messages/first-load';
import { PageSkeleton } from '@/components/page-skeleton';

/**
 * The page's own first paint the server sent (route-first-paint.json, e.g. the student dashboard's header and
 * heading), read before React's first render replaces it: null on a page that came with the brand line.
 */
const painted = (() => {
  const frame = document.querySelector('#root > [data-route-paint]');
  return frame ? { path: window.location.pathname, node: frame.cloneNode(true) } : null;
})();

/**
 * What the app shows while a page's chunks arrive: on the path the server painted, that same frame (a skeleton in its
 * place would blink between two pictures of the page: frame, skeleton, page); elsewhere, the page skeleton.
 */
export function RouteFallback() {
  const { pathname } = useLocation();
  if (!painted || pathname !== painted.path) return <PageSkeleton />;
  return (
    <>
      <span role="status" aria-live="polite" className="sr-only">
        {FIRST_LOAD_MSG.appShell.loadingPage}
      </span>
      {/* a copy of the nodes the server sent, put back as they were (React renders no children here to replace them) */}
      <div className="contents" ref={(box) => void (box && !box.firstChild && box.append(painted.node.cloneNode(true)))} />
    </>
  );
}
