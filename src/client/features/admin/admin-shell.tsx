import type { ReactNode } from 'react';
import { NoticeBell } from '@/components/layout/notice-bell';
import { cn } from '@/lib/utils';
import { AdminSidebar } from './admin-sidebar';

/**
 * One page of the admin portal (issue 36): the sidebar (a menu bar on a phone) beside the page, which opens with its
 * heading, a line on what it holds, its actions and the notice bell. `section`: the map's page it belongs to, for a page off the map.
 */
export function AdminShell({
  title,
  intro,
  actions,
  width = 'max-w-7xl',
  section,
  children,
}: {
  title: ReactNode;
  intro?: string;
  actions?: ReactNode;
  width?: string;
  section?: string;
  children: ReactNode;
}) {
  return (
    <div id="top" className="flex min-h-svh flex-col bg-muted/30 md:flex-row">
      <AdminSidebar section={section} />
      <main className="min-w-0 flex-1 px-3 py-6 sm:px-6">
        <div className={cn('mx-auto grid gap-6', width)}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="grid gap-1">
              <h1 className="text-2xl font-semibold">{title}</h1>
              {intro && <p className="text-sm text-muted-foreground">{intro}</p>}
            </div>
            <div className="flex flex-wrap items-center gap-3">
              {actions}
              <NoticeBell />
            </div>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
