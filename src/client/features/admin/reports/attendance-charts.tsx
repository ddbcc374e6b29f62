import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, type PieLabelRenderProps, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { MSG } from '../../../../shared/messages';
import { QueryError } from '@/components/app-state/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/api/trpc';
import type { AttendanceFilter } from '../admin-types';

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

/** 20810 -> '20.8K': a count that fits inside a slice or beside an axis on a 390 px phone (issue 22: '0810' was cut). */
const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
export const chartNumber = (n: number) => (n < 10_000 ? n.toLocaleString('en-IN') : compact.format(n));

/** The slice's count drawn inside its ring, where no card edge can cut it; none for an empty slice. */
function SliceLabel({ cx, cy, midAngle, innerRadius, outerRadius, value }: PieLabelRenderProps) {
  if (!value) return null;
  const r = (Number(innerRadius) + Number(outerRadius)) / 2;
  const angle = (-Number(midAngle) * Math.PI) / 180;
  return (
    <text
      x={Number(cx) + r * Math.cos(angle)}
      y={Number(cy) + r * Math.sin(angle)}
      fill="#fff"
      stroke="rgba(0,0,0,0.45)"
      strokeWidth={3}
      paintOrder="stroke"
      textAnchor="middle"
      dominantBaseline="central"
      className="text-xs font-semibold"
    >
      {chartNumber(Number(value))}
    </text>
  );
}

function TwoSlicePie({ data }: { data: { name: string; value: number; color: string }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" innerRadius="42%" outerRadius="80%" isAnimationActive={false} label={SliceLabel} labelLine={false}>
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
  if (charts.isError) return <QueryError query={charts} message={MSG.admin.loadChartsFailed} />;
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
                // Issue 24: present on time, late, excused and absent as four slices (t.present counts late ones too).
                { name: C.present, value: t.present - t.late, color: GREEN },
                { name: MSG.statuses.late, value: t.late, color: AMBER },
                { name: MSG.statuses.excused, value: t.excused, color: BLUE },
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
                <YAxis width={48} tickFormatter={chartNumber} allowDecimals={false} />
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
