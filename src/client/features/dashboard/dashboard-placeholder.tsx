import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Role } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { trpc } from '@/lib/trpc';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DashboardHeader } from '@/components/dashboard-header';

/** Until the dashboards' own issues land: the signed-in user's name and details (auth.me) and Logout. */
export function DashboardPlaceholder({ role }: { role: Role }) {
  const title = MSG.dashboard.titles[role];
  useDocumentTitle(title);
  const me = trpc.auth.me.useQuery();
  const user = me.data;
  return (
    <div className="min-h-svh bg-muted/30">
      <DashboardHeader title={title} name={user?.username} />
      <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        {me.isPending ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {MSG.dashboard.loading}
          </p>
        ) : !user ? (
          <p role="alert" className="text-destructive">
            {me.error?.message || MSG.dashboard.loadFailed}
          </p>
        ) : (
          <Card className="max-w-2xl">
            <CardHeader>
              <CardTitle className="text-2xl">
                <h1>{MSG.dashboard.welcome(user.username)}</h1>
              </CardTitle>
              <CardDescription>{MSG.dashboard.comingSoon}</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
                <Detail term={MSG.dashboard.email} value={user.email} />
                <Detail
                  term={MSG.dashboard.role}
                  value={
                    <Badge variant="secondary" className="capitalize">
                      {user.role}
                    </Badge>
                  }
                />
                <Detail term={MSG.dashboard.department} value={user.department?.name ?? MSG.dashboard.noDepartment} />
              </dl>
            </CardContent>
          </Card>
        )}
      </main>
    </div>
  );
}

function Detail({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}
