import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { MSG } from '@shared/messages';
import type { RouterOutputs } from '@/lib/api/trpc';

export type ChartTotals = RouterOutputs['admin']['charts'];

const GREEN = '#16a34a';
const RED = '#dc2626';
const BLUE = '#2563eb';
const AMBER = '#d97706';
/** A tooltip's lines in the text colour: green or amber text on white is below 4.5:1 (axe, issue 36). */
const TOOLTIP_ITEM = { color: 'var(--foreground)' };

/** 20810 -> '20.8K': a count that fits inside a slice or beside an axis on a 390 px phone (issue 22: '0810' was cut). */
const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
export const chartNumber = (n: number) => (n < 10_000 ? n.toLocaleString('en-IN') : compact.format(n));

type Slice = { name: string; value: number; color: string };

/** A slice's share as people read it: 1 of 3,618 is '<1%', not '0%', and 3,617 of them '>99%', not '100%'. */
export function shareOf(value: number, total: number) {
  const p = total ? (value / total) * 100 : 0;
  if (p > 0 && p < 1) return '<1%';
  if (p > 99 && p < 100) return '>99%';
  return `${Math.round(p)}%`;
}

/**
 * A donut and, beside it, its legend with each slice's count and share (issue 36: counts drawn on the slices lay one
 * over another, '3,617' over '1'). The legend is text: a screen reader and a phone read every number.
 */
function TwoSlicePie({ data, testId }: { data: Slice[]; testId: string }) {
  const total = data.reduce((n, d) => n + d.value, 0);
  return (
    <div className="grid size-full grid-cols-[minmax(0,1fr)_auto] items-center gap-3">
      <div className="h-full min-h-0">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie data={data} dataKey="value" nameKey="name" innerRadius="50%" outerRadius="85%" isAnimationActive={false} label={false} labelLine={false}>
              {data.map((d) => (
                <Cell key={d.name} fill={d.color} />
              ))}
            </Pie>
            <Tooltip formatter={(v) => chartNumber(Number(v))} itemStyle={TOOLTIP_ITEM} />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul className="grid gap-2 text-sm" data-testid={`${testId}-legend`}>
        {data.map((d) => (
          <li key={d.name} className="grid grid-cols-[auto_1fr] items-baseline gap-x-2" data-testid="chart-legend-item">
            <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: d.color }} />
            <span className="text-muted-foreground">{d.name}</span>
            <span />
            <span>
              <span className="font-semibold tabular-nums" data-testid="chart-legend-value">
                {chartNumber(d.value)}
              </span>
              <span className="text-xs text-muted-foreground"> {MSG.admin.charts.share(shareOf(d.value, total))}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One of SPEC 2's three charts drawn with recharts (its own chunk, about 350 KB: fetched once the totals are here). */
export function ChartDrawing({ chart, totals: t }: { chart: 'present-absent' | 'face-geo' | 'manual-system'; totals: ChartTotals }) {
  if (chart === 'present-absent')
    return (
      <TwoSlicePie
        testId="chart-present-absent"
        data={[
          // Issue 24: present on time, late, excused and absent as four slices (t.present counts late ones too).
          { name: MSG.admin.charts.present, value: t.present - t.late, color: GREEN },
          { name: MSG.statuses.late, value: t.late, color: AMBER },
          { name: MSG.statuses.excused, value: t.excused, color: BLUE },
          { name: MSG.admin.charts.absent, value: t.absent, color: RED },
        ]}
      />
    );
  if (chart === 'face-geo')
    return (
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          margin={{ top: 20, right: 8, left: 0, bottom: 0 }}
          data={[
            { name: MSG.admin.charts.face, [MSG.admin.charts.success]: t.face.success, [MSG.admin.charts.fail]: t.face.fail },
            { name: MSG.admin.charts.geofence, [MSG.admin.charts.success]: t.geofence.success, [MSG.admin.charts.fail]: t.geofence.fail },
          ]}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" />
          <YAxis width={48} tickFormatter={chartNumber} allowDecimals={false} />
          <Tooltip itemStyle={TOOLTIP_ITEM} />
          <Legend />
          {/* Each bar says its count; a count of a few beside thousands still shows a bar (minPointSize). */}
          <Bar dataKey={MSG.admin.charts.success} fill={GREEN} isAnimationActive={false} minPointSize={(v) => (Number(v) > 0 ? 3 : 0)}>
            <LabelList
              dataKey={MSG.admin.charts.success}
              position="top"
              formatter={(v) => chartNumber(Number(v))}
              className="fill-foreground text-xs font-semibold"
            />
          </Bar>
          <Bar dataKey={MSG.admin.charts.fail} fill={RED} isAnimationActive={false} minPointSize={(v) => (Number(v) > 0 ? 3 : 0)}>
            <LabelList
              dataKey={MSG.admin.charts.fail}
              position="top"
              formatter={(v) => chartNumber(Number(v))}
              className="fill-foreground text-xs font-semibold"
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    );
  return (
    <TwoSlicePie
      testId="chart-manual-system"
      data={[
        { name: MSG.admin.charts.manual, value: t.manual, color: AMBER },
        { name: MSG.admin.charts.system, value: t.system, color: BLUE },
      ]}
    />
  );
}
