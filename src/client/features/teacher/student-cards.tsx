import { BarChart3, Clock } from 'lucide-react';
import { RECENT_ATTENDANCE_SHOWN } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { formatTime } from '@/lib/format';
import { StatCard } from '@/components/stat-card';
import { StatusBadge } from '@/components/status-badge';
import type { SessionStudent } from './teacher-queries';

/**
 * Student Statistics. While a session runs, a student without a record has simply not marked yet: counting them
 * absent would be false. Once it ends the server marks them absent, so the same counts hold then too.
 */
export function StudentStatsCard({ students, running }: { students: SessionStudent[]; running: boolean }) {
  const total = students.length;
  const present = students.filter((s) => s.marked && s.status === 'present').length;
  const absent = students.filter((s) => s.marked && s.status === 'absent').length;
  const pct = total ? Math.round((present / total) * 100) : 0;
  const figures = [
    { id: 'total', label: MSG.teacher.total, value: total, className: '' },
    { id: 'present', label: MSG.teacher.present, value: present, className: 'text-success' },
    { id: 'not-marked', label: MSG.teacher.notYetMarked, value: total - present - absent, className: 'text-muted-foreground' },
    { id: 'absent', label: running ? MSG.teacher.absentManual : MSG.teacher.absent, value: absent, className: 'text-destructive' },
  ];
  return (
    <StatCard icon={BarChart3} title={MSG.teacher.statsTitle}>
      <dl className="grid grid-cols-2 gap-2 text-center">
        {figures.map((f) => (
          <div key={f.id} className="rounded-lg bg-muted/60 px-2 py-3">
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className={`text-2xl font-bold tabular-nums ${f.className}`} data-testid={`stat-${f.id}`}>
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
      <Progress value={pct} aria-label={MSG.teacher.presentShare(pct)} indicatorClassName="bg-success" />
      <p className="text-sm text-muted-foreground">{MSG.teacher.presentShare(pct)}</p>
    </StatCard>
  );
}

/** Recent Attendance: the latest marks first, five of them, and View All. */
export function RecentAttendanceCard({ students, onViewAll }: { students: SessionStudent[]; onViewAll: () => void }) {
  const recent = [...students].sort((a, b) => (b.timestamp ?? '').localeCompare(a.timestamp ?? '')).slice(0, RECENT_ATTENDANCE_SHOWN);
  return (
    <StatCard
      icon={Clock}
      title={MSG.teacher.recentTitle}
      className="lg:col-span-2"
      action={
        <Button variant="link" size="sm" onClick={onViewAll}>
          {MSG.teacher.viewAll}
        </Button>
      }
    >
      {recent.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{MSG.teacher.noRecent}</p>
      ) : (
        <ul className="divide-y" aria-label={MSG.teacher.recentTitle}>
          {recent.map((s) => (
            <li key={s.student_id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="flex min-w-0 items-center gap-3">
                <span
                  aria-hidden
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground uppercase"
                >
                  {s.name.charAt(0)}
                </span>
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{s.name}</p>
                  <p className="text-xs text-muted-foreground tabular-nums">{formatTime(s.timestamp, MSG.teacher.notMarked)}</p>
                </div>
              </div>
              <StatusBadge value={s.marked ? s.status : null} label={s.marked ? undefined : MSG.teacher.notMarked} />
            </li>
          ))}
        </ul>
      )}
    </StatCard>
  );
}
