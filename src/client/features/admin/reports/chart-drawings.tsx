import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, type PieLabelRenderProps, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { MSG } from '../../../../shared/messages';
import type { RouterOutputs } from '@/lib/api/trpc';

export type ChartTotals = RouterOutputs['admin']['charts'];

const C = MSG.admin.charts;
const GREEN = '#16a34a';
const RED = '#dc2626';
const BLUE = '#2563eb';
const AMBER = '#d97706';

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

/** One of SPEC 2's three charts drawn with recharts (its own chunk, about 350 KB: fetched once the totals are here). */
export function ChartDrawing({ chart, totals: t }: { chart: 'present-absent' | 'face-geo' | 'manual-system'; totals: ChartTotals }) {
  if (chart === 'present-absent')
    return (
      <TwoSlicePie
        data={[
          // Issue 24: present on time, late, excused and absent as four slices (t.present counts late ones too).
          { name: C.present, value: t.present - t.late, color: GREEN },
          { name: MSG.statuses.late, value: t.late, color: AMBER },
          { name: MSG.statuses.excused, value: t.excused, color: BLUE },
          { name: C.absent, value: t.absent, color: RED },
        ]}
      />
    );
  if (chart === 'face-geo')
    return (
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
    );
  return (
    <TwoSlicePie
      data={[
        { name: C.manual, value: t.manual, color: AMBER },
        { name: C.system, value: t.system, color: BLUE },
      ]}
    />
  );
}
