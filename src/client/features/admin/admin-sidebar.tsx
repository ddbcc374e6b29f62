import { Inbox, LayoutDashboard, LogOut, PanelLeftClose, PanelLeftOpen, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { MSG } from '../../../shared/messages';
import { trpc } from '@/lib/api/trpc';
import { useLogout } from '@/lib/auth/use-logout';
import { cn } from '@/lib/utils';

const WIDE = '(min-width: 768px)';
const isWide = () => typeof window === 'undefined' || window.matchMedia(WIDE).matches;

/**
 * SPEC 2's collapsible sidebar: Admin Portal, Dashboard, Messages (issue 22's inbox, with the open count), Logout.
 * On a phone it is a 56 px rail, and opened it lies over the page instead of pushing the page sideways.
 */
export function AdminSidebar() {
  const [open, setOpen] = useState(isWide);
  const logout = useLogout();
  const inbox = trpc.admin.contactMessages.useQuery({ view: 'open', limit: 1 });
  const openCount = inbox.data?.open_count ?? 0;
  const closeOnPhone = () => !isWide() && setOpen(false);
  useEffect(() => {
    if (!open || isWide()) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  const item = 'relative flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium hover:bg-accent';
  const label = (text: string) => (open ? text : <span className="sr-only">{text}</span>);
  return (
    <>
      <div aria-hidden className="w-14 shrink-0 md:hidden" />
      {open && <div aria-hidden data-testid="sidebar-backdrop" className="fixed inset-0 z-30 bg-black/30 md:hidden" onClick={() => setOpen(false)} />}
      <aside
        data-testid="admin-sidebar"
        data-open={open}
        className={cn(
          'sticky top-0 flex h-svh shrink-0 flex-col gap-2 border-r bg-card p-2 transition-[width] max-md:fixed max-md:inset-y-0 max-md:left-0 max-md:z-40',
          open ? 'w-52 max-md:shadow-xl' : 'w-14',
        )}
      >
        <div className="flex items-center justify-between gap-2 px-1 py-2">
          {open && (
            <span className="flex items-center gap-2 font-semibold">
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
        <nav aria-label={MSG.admin.portal} className="grid gap-1">
          <NavLink to="/admin-dashboard" end onClick={closeOnPhone} className={({ isActive }) => cn(item, isActive && 'bg-accent')} title={MSG.admin.dashboard}>
            <LayoutDashboard className="size-4 shrink-0" aria-hidden />
            {label(MSG.admin.dashboard)}
          </NavLink>
          <NavLink
            to="/admin-dashboard/messages"
            onClick={closeOnPhone}
            className={({ isActive }) => cn(item, isActive && 'bg-accent')}
            title={MSG.inbox.navLabel(openCount)}
            aria-label={MSG.inbox.navLabel(openCount)}
            data-testid="nav-messages"
          >
            <Inbox className="size-4 shrink-0" aria-hidden />
            {open ? (
              <>
                <span className="flex-1">{MSG.inbox.title}</span>
                {openCount > 0 && (
                  <span aria-hidden className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground tabular-nums">
                    {openCount}
                  </span>
                )}
              </>
            ) : (
              openCount > 0 && <span aria-hidden className="absolute top-1.5 right-1.5 size-2 rounded-full bg-primary" />
            )}
          </NavLink>
          <button type="button" className={item} onClick={() => void logout()} title={MSG.nav.logout}>
            <LogOut className="size-4 shrink-0" aria-hidden />
            {label(MSG.nav.logout)}
          </button>
        </nav>
      </aside>
    </>
  );
}
