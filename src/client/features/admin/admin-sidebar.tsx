import { BarChart3, Inbox, LogOut, Menu, PanelLeftClose, PanelLeftOpen, Settings, ShieldCheck, Users, X } from 'lucide-react';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { MSG } from '@shared/messages';
import { trpc } from '@/lib/api/trpc';
import { useLogout } from '@/lib/auth/use-logout';
import { cn } from '@/lib/utils';

/** The portal's map (issue 36): each part a page of its own, Reports at the SPEC's /admin-dashboard. */
export const ADMIN_PAGES = [
  { to: '/admin-dashboard', label: MSG.admin.nav.reports, icon: BarChart3 },
  { to: '/admin-dashboard/users', label: MSG.admin.nav.users, icon: Users },
  { to: '/admin-dashboard/settings', label: MSG.admin.nav.settings, icon: Settings },
  { to: '/admin-dashboard/messages', label: MSG.inbox.title, icon: Inbox },
] as const;

const item = 'relative flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium hover:bg-accent';

/**
 * One link of the map. Its name is its visible text (axe's label-content-name-mismatch): Messages reads 'Messages, 3
 * open' (MSG.inbox.navLabel), the count shown as a badge and 'open' said to a screen reader only.
 */
function PageLink({
  page,
  open,
  count,
  onPick,
  within,
}: {
  page: (typeof ADMIN_PAGES)[number];
  open: boolean;
  count: number;
  onPick: () => void;
  within: boolean;
}) {
  const Icon = page.icon;
  const badge = page.to.endsWith('/messages') && count > 0;
  return (
    <NavLink
      to={page.to}
      end
      onClick={onPick}
      className={({ isActive }) => cn(item, (isActive || within) && 'bg-accent')}
      title={open ? undefined : page.label}
      data-testid={badge || page.to.endsWith('/messages') ? 'nav-messages' : undefined}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className={open ? 'flex-1' : 'sr-only'}>{page.label}</span>
      {badge && (
        <span
          className={
            open
              ? 'rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground tabular-nums'
              : 'absolute top-1 right-1 flex size-4 items-center justify-center rounded-full bg-primary text-[10px] font-semibold text-primary-foreground'
          }
        >
          {count}
          <span className="sr-only"> open</span>
        </span>
      )}
    </NavLink>
  );
}

/** How many messages wait for an administrator (one query, shared by the links and the phone's Menu button). */
const useOpenMessages = () => trpc.admin.contactMessages.useQuery({ view: 'open', limit: 1 }).data?.open_count ?? 0;

function Links({ open, onPick, first, section }: { open: boolean; onPick: () => void; first?: Ref<HTMLDivElement>; section?: string }): ReactNode {
  const logout = useLogout();
  const count = useOpenMessages();
  return (
    <div ref={first} className="grid gap-1">
      {ADMIN_PAGES.map((p) => (
        <PageLink key={p.to} page={p} open={open} count={count} onPick={onPick} within={p.to === section} />
      ))}
      <button type="button" className={item} onClick={() => void logout()} title={open ? undefined : MSG.nav.logout}>
        <LogOut className="size-4 shrink-0" aria-hidden />
        <span className={open ? undefined : 'sr-only'}>{MSG.nav.logout}</span>
      </button>
    </div>
  );
}

/**
 * SPEC 2's collapsible sidebar, grown into the portal's map: Reports, Users, Settings, Messages (with the open count),
 * Logout. From 768 px it is a sidebar that folds to a rail; on a phone a bar at the top whose Menu button opens the
 * same links below it: focus goes to the current page's link, Escape or a pick closes it and focus returns to Menu.
 * A page off the map (/update-user) names its `section` (an ADMIN_PAGES path): the sidebar shows where it belongs.
 */
export function AdminSidebar({ section }: { section?: string }) {
  const [open, setOpen] = useState(true);
  const [menu, setMenu] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const links = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const current = ADMIN_PAGES.find((p) => p.to === (section ?? pathname.replace(/\/+$/, ''))) ?? ADMIN_PAGES[0];
  const waiting = useOpenMessages();

  useEffect(() => {
    if (!menu) return;
    const here = links.current?.querySelector<HTMLElement>('[aria-current="page"]') ?? links.current?.querySelector<HTMLElement>('a, button');
    here?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenu(false);
      menuButton.current?.focus();
    };
    // Tab past the last link leaves the menu: it closes rather than lie over the page the focus moved into.
    const onFocus = (e: FocusEvent) => !bar.current?.contains(e.target as Node) && setMenu(false);
    window.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [menu]);

  return (
    <>
      <header ref={bar} data-testid="admin-menu-bar" className="sticky top-0 z-30 border-b bg-card md:hidden">
        <div className="flex h-14 items-center gap-2 px-2">
          <button
            ref={menuButton}
            type="button"
            aria-expanded={menu}
            aria-controls="admin-menu"
            onClick={() => setMenu((m) => !m)}
            className="relative flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-accent"
          >
            {menu ? <X className="size-4" aria-hidden /> : <Menu className="size-4" aria-hidden />}
            {MSG.admin.nav.menu}
            {/* On a phone the Messages link is behind Menu: its count shows on the button, as on the sidebar's link. It
                sits on the button's corner, so its arrival with the data moves nothing in the bar. */}
            {waiting > 0 && (
              <span
                data-testid="menu-messages-count"
                className="absolute -top-1.5 right-0 translate-x-1/3 rounded-full bg-primary px-1.5 text-[11px] leading-4 font-semibold text-primary-foreground tabular-nums"
              >
                {waiting}
                <span className="sr-only"> {MSG.inbox.menuCountLabel}</span>
              </span>
            )}
          </button>
          <span className="flex min-w-0 items-center gap-2 font-semibold">
            <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden />
            <span className="truncate">
              {MSG.admin.portal} · {current.label}
            </span>
          </span>
        </div>
        {menu && (
          <>
            <div aria-hidden className="fixed inset-0 top-14 z-30 bg-black/30" onClick={() => setMenu(false)} />
            <nav id="admin-menu" aria-label={MSG.admin.portal} className="absolute inset-x-0 top-14 z-40 border-b bg-card p-2 shadow-xl">
              <Links open onPick={() => setMenu(false)} first={links} section={section} />
            </nav>
          </>
        )}
      </header>
      <aside
        data-testid="admin-sidebar"
        data-open={open}
        className={cn('sticky top-0 flex h-svh shrink-0 flex-col gap-2 border-r bg-card p-2 transition-[width] max-md:hidden', open ? 'w-52' : 'w-14')}
      >
        <div className="flex items-center justify-between gap-2 px-1 py-2">
          {open && (
            <span className="flex items-center gap-2 font-semibold whitespace-nowrap">
              <ShieldCheck className="size-5 text-primary" aria-hidden />
              {MSG.admin.portal}
            </span>
          )}
          <button
            type="button"
            aria-label={MSG.admin.toggleSidebar}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className="rounded-md p-2 hover:bg-accent"
          >
            {open ? <PanelLeftClose className="size-4" aria-hidden /> : <PanelLeftOpen className="size-4" aria-hidden />}
          </button>
        </div>
        <nav aria-label={MSG.admin.portal}>
          <Links open={open} onPick={() => undefined} section={section} />
        </nav>
      </aside>
    </>
  );
}
