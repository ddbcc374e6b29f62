import { Suspense } from 'react';
import { MSG } from '@shared/messages';
import { QueryError } from '@/components/app-state/query-state';
import { Card, CardContent, CardHeader, CardHeading } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/api/trpc';
import type { AttendanceFilter } from '../admin-types';
import { lazyNamed } from '@/lib/deferred-load';

// recharts is the largest script of the admin dashboard (about 350 KB): it comes in its own chunk once the totals are
// here, not with the page, so the page's first screen does not wait for it to be parsed and run.
const ChartDrawing = lazyNamed(() => import('./chart-drawings').then((m) => m.ChartDrawing));

function ChartCard({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <Card className="gap-2" data-testid={testId}>
      <CardHeader>
        <CardHeading className="text-base">{title}</CardHeading>
      </CardHeader>
      <CardContent className="h-60">{children}</CardContent>
    </Card>
  );
}

/** SPEC 2's three charts, from server totals over the whole filtered range; each card keeps its height while it loads. */
export function AttendanceCharts({ filter }: { filter: AttendanceFilter }) {
  const charts = trpc.admin.charts.useQuery(filter);
  if (charts.isError) return <QueryError query={charts} message={MSG.admin.loadChartsFailed} />;
  const t = charts.data;
  const body = (chart: 'present-absent' | 'face-geo' | 'manual-system') =>
    !t ? (
      <Skeleton className="size-full" />
    ) : t.total === 0 ? (
      <p className="text-sm text-muted-foreground">{MSG.admin.charts.empty}</p>
    ) : (
      <Suspense fallback={<Skeleton className="size-full" />}>
        <ChartDrawing chart={chart} totals={t} />
      </Suspense>
    );
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
      <ChartCard title={MSG.admin.charts.presentAbsent} testId="chart-present-absent">
        {body('present-absent')}
      </ChartCard>
      <ChartCard title={MSG.admin.charts.faceGeo} testId="chart-face-geo">
        {body('face-geo')}
      </ChartCard>
      <ChartCard title={MSG.admin.charts.manualSystem} testId="chart-manual-system">
        {body('manual-system')}
      </ChartCard>
    </div>
  );
}
