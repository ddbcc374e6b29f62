import type { ReactNode } from 'react';
import type { Role } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { DashboardHeader } from '@/components/layout/dashboard-header';
import { trpc } from '@/lib/api/trpc';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

/** Header (with Logout and any extra actions), the welcome heading and the page body of a dashboard. */
export function DashboardShell({ role, subtitle, actions, children }: { role: Role; subtitle: string; actions?: ReactNode; children: ReactNode }) {
  const title = MSG.dashboard.titles[role];
  useDocumentTitle(title);
  const me = trpc.auth.me.useQuery();
  const name = me.data?.username;
  return (
    <div className="min-h-svh bg-muted/30">
      <DashboardHeader title={title} name={name} actions={actions} />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{name ? MSG.dashboard.welcome(name) : title}</h1>
          <p className="text-muted-foreground">{subtitle}</p>
        </div>
        {children}
      </main>
    </div>
  );
}
