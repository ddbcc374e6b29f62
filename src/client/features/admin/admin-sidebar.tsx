import { LayoutDashboard, LogOut, PanelLeftClose, PanelLeftOpen, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import { useLogout } from '@/lib/use-logout';
import { cn } from '@/lib/utils';

/** SPEC 2's collapsible sidebar: Admin Portal, Dashboard, Logout. Starts collapsed on phone-sized screens. */
export function AdminSidebar() {
  const [open, setOpen] = useState(() => typeof window === 'undefined' || window.matchMedia('(min-width: 768px)').matches);
  const logout = useLogout();
  const item = 'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium hover:bg-accent';
  return (
    <aside
      data-testid="admin-sidebar"
      data-open={open}
      className={cn('sticky top-0 flex h-svh shrink-0 flex-col gap-2 border-r bg-card p-2 transition-[width]', open ? 'w-52' : 'w-14')}
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
        <a href="#top" className={cn(item, 'bg-accent')} aria-current="page" title={MSG.admin.dashboard}>
          <LayoutDashboard className="size-4 shrink-0" aria-hidden />
          {open ? MSG.admin.dashboard : <span className="sr-only">{MSG.admin.dashboard}</span>}
        </a>
        <button type="button" className={item} onClick={() => void logout()} title={MSG.nav.logout}>
          <LogOut className="size-4 shrink-0" aria-hidden />
          {open ? MSG.nav.logout : <span className="sr-only">{MSG.nav.logout}</span>}
        </button>
      </nav>
    </aside>
  );
}
