import { type ComponentProps, type RefObject, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * A box that scrolls its content. While the content overflows it is a named region in the Tab order, so a keyboard
 * user can focus it and scroll with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable); while everything
 * fits it is a plain div, no extra stop.
 */
export function ScrollRegion({ label, className, children, ...props }: ComponentProps<'div'> & { label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(ref);
  return (
    <div
      ref={ref}
      {...(overflowing && { role: 'region', 'aria-label': label, tabIndex: 0 })}
      className={cn('outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50', className)}
      {...props}
    >
      {children}
    </div>
  );
}

function useOverflowing(ref: RefObject<HTMLDivElement | null>) {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Measured only in the observer's callback, which runs right after the browser's own layout: a read from the
    // effect itself forced a layout of the whole page inside the first render's task (issue 36, a phone's first load).
    const observer = new ResizeObserver(() => setOverflowing(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1));
    const observeAll = () => {
      // Observing again makes the observer report once more after the next layout, sizes changed or not.
      observer.unobserve(el);
      observer.observe(el);
      for (const child of el.children) observer.observe(child);
    };
    // The content grows without the box changing size (rows arrive, rows go): watch the children as well.
    const mutations = new MutationObserver(observeAll);
    mutations.observe(el, { childList: true, subtree: true });
    observeAll();
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [ref]);
  return overflowing;
}
