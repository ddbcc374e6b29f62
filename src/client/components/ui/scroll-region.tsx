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
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    // The content grows without the box changing size (rows arrive): watch the children as well.
    const mutations = new MutationObserver(() => {
      for (const child of el.children) observer.observe(child);
      measure();
    });
    mutations.observe(el, { childList: true, subtree: true });
    for (const child of el.children) observer.observe(child);
    measure();
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [ref]);
  return overflowing;
}
