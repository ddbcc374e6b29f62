import type { ReactNode } from 'react';
import type { Role } from '@shared/constants';
import { MSG } from '@shared/messages';
import { DashboardHeader } from '@/components/layout/dashboard-header';
import { trpc } from '@/lib/api/trpc';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

/**
 * Header (with Logout and any extra actions), the heading and the page body of a signed-in student's or teacher's
 * page. The heading welcomes on the dashboard; another page of the role (`heading`: /update-user) keeps the
 * dashboard's header and names itself, in its heading and the document title.
 */
export function DashboardShell({
  role,
  heading,
  subtitle,
  actions,
  children,
}: {
  role: Role;
  heading?: string;
  subtitle: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const title = MSG.dashboard.titles[role];
  useDocumentTitle(heading ?? title);
  const me = trpc.auth.me.useQuery();
  const name = me.data?.username;
  return (
    <div className="min-h-svh bg-muted/30">
      <DashboardHeader title={title} name={name} actions={actions} />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading ?? (name ? MSG.dashboard.welcome(name) : title)}</h1>
          <p className="text-muted-foreground">{subtitle}</p>
        </div>
        {children}
      </main>
    </div>
  );
}
