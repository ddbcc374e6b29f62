import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { MSG } from '@shared/messages';
import { formatDate } from '@/lib/format';

/** The student's rate after each session of the semester, against the required rate. */
export function RateChart({ series, required }: { series: { started_at: string; rate: number | null }[]; required: number }) {
  const data = series.map((p) => ({ day: formatDate(p.started_at), rate: p.rate }));
  return (
    <figure className="grid gap-2" aria-label={MSG.attendanceRule.chartLabel}>
      <figcaption className="text-sm font-medium">{MSG.attendanceRule.chartTitle}</figcaption>
      <div className="h-48 w-full" data-testid="standing-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
            <XAxis dataKey="day" tick={{ fontSize: 11 }} minTickGap={24} />
            <YAxis domain={[0, 100]} tick={{ fontSize: 11 }} unit="%" />
            <Tooltip formatter={(v) => [`${v}%`, MSG.student.attendanceRate]} />
            <ReferenceLine
              y={required}
              stroke="var(--color-destructive)"
              strokeDasharray="4 4"
              label={{ value: `${required}%`, position: 'insideTopRight', fontSize: 11 }}
            />
            <Line type="monotone" dataKey="rate" stroke="var(--color-primary)" strokeWidth={2} dot={data.length <= 40} connectNulls isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
