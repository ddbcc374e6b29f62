import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { MSG } from '../../../shared/messages';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/trpc';
import type { AttendanceFilter } from './admin-types';

const C = MSG.admin.charts;
const GREEN = '#16a34a';
const RED = '#dc2626';
const BLUE = '#2563eb';
const AMBER = '#d97706';

function ChartCard({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <Card className="gap-2" data-testid={testId}>
      <CardHeader>
        <CardTitle className="text-base">
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="h-60">{children}</CardContent>
    </Card>
  );
}

function TwoSlicePie({ data }: { data: { name: string; value: number; color: string }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" innerRadius="45%" outerRadius="75%" isAnimationActive={false} label>
          {data.map((d) => (
            <Cell key={d.name} fill={d.color} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** SPEC 2's three charts, from server totals over the whole filtered range. */
export function AttendanceCharts({ filter }: { filter: AttendanceFilter }) {
  const charts = trpc.admin.charts.useQuery(filter);
  if (charts.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {MSG.admin.loadChartsFailed}
      </p>
    );
  }
  const t = charts.data;
  const body = (node: React.ReactNode) =>
    !t ? <Skeleton className="size-full" /> : t.total === 0 ? <p className="text-sm text-muted-foreground">{C.empty}</p> : node;
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
      <ChartCard title={C.presentAbsent} testId="chart-present-absent">
        {body(
          t && (
            <TwoSlicePie
              data={[
                { name: C.present, value: t.present, color: GREEN },
                { name: C.absent, value: t.absent, color: RED },
              ]}
            />
          ),
        )}
      </ChartCard>
      <ChartCard title={C.faceGeo} testId="chart-face-geo">
        {body(
          t && (
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={[
                  { name: C.face, [C.success]: t.face.success, [C.fail]: t.face.fail },
                  { name: C.geofence, [C.success]: t.geofence.success, [C.fail]: t.geofence.fail },
                ]}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="name" />
                <YAxis width={56} />
                <Tooltip />
                <Legend />
                <Bar dataKey={C.success} fill={GREEN} isAnimationActive={false} />
                <Bar dataKey={C.fail} fill={RED} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          ),
        )}
      </ChartCard>
      <ChartCard title={C.manualSystem} testId="chart-manual-system">
        {body(
          t && (
            <TwoSlicePie
              data={[
                { name: C.manual, value: t.manual, color: AMBER },
                { name: C.system, value: t.system, color: BLUE },
              ]}
            />
          ),
        )}
      </ChartCard>
    </div>
  );
}
