import { type ComponentProps, createContext, type KeyboardEvent, useContext, useId } from 'react';
import { cn } from '@/lib/utils';

/**
 * Tabs as the WAI-ARIA tabs pattern has them (a tablist of tabs, arrow keys, Home and End moving and selecting, one
 * Tab stop; a tabpanel named by its tab), written here rather than taken from Radix: Radix's panel measures its
 * animation as it mounts (getComputedStyle), which forced a style recalculation of the whole dashboard inside React's
 * first commit, and its roving focus subscribed a store per tab: on a phone, long tasks of the dashboards' first load
 * (Lighthouse's Total Blocking Time, issue 36). These panels never animate, so there was nothing to measure.
 */
interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

export function Tabs({
  value,
  onValueChange,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue'> & { value: string; onValueChange: (value: string) => void }) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, select: onValueChange, baseId }}>
      <div data-slot="tabs" className={cn('flex flex-col gap-6', className)} {...props} />
    </TabsContext.Provider>
  );
}

/** Left and Right move to the previous and next tab (wrapping), Home and End to the first and last; each selects. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const tab = tabs[(next + tabs.length) % tabs.length];
  tab.focus();
  tab.click();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn('inline-flex h-10 w-fit items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, onClick, ...props }: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs('TabsTrigger');
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(tabs.baseId, value)}
      // one Tab stop for the list: the selected tab; the arrow keys reach the others
      tabIndex={selected ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex h-full items-center justify-center gap-1.5 rounded-md px-4 text-sm font-medium whitespace-nowrap transition-all outline-none',
        'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

/**
 * The selected tab's panel; the others are not rendered, unless `forceMount` keeps one in the page (its state kept
 * while another tab shows; hide it with `data-[state=inactive]:hidden`). Not a Tab stop of its own: every panel here
 * holds controls, so Tab goes from the tab to the panel's first control.
 */
export function TabsContent({ value, forceMount, className, ...props }: ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const tabs = useTabs('TabsContent');
  const selected = tabs.value === value;
  if (!selected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={tabId(tabs.baseId, value)}
      tabIndex={-1}
      data-state={selected ? 'active' : 'inactive'}
      data-slot="tabs-content"
      className={cn('flex-1 outline-none', className)}
      {...props}
    />
  );
}
