import { CalendarCheck, GraduationCap, TriangleAlert, UserCheck } from 'lucide-react';
import { MSG } from '@shared/messages';
import { QueryError } from '@/components/app-state/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { BelowRuleStat } from '@/features/attendance-rule';
import { formatCount } from '@/lib/format';
import { trpc } from '@/lib/api/trpc';
import { cn } from '@/lib/utils';
import type { AttendanceFilter } from './admin-types';

/**
 * Total Teachers, Total Students (each opens that user list), Total Attendance and Flagged marks; how many teachers
 * wait. They follow the applied filter row as the charts do (issue 22), and say so under their numbers.
 */
export function StatCards({
  filter,
  shown,
  onShow,
  onShowPending,
}: {
  filter: AttendanceFilter;
  shown: 'teacher' | 'student' | null;
  onShow: (role: 'teacher' | 'student') => void;
  onShowPending: () => void;
}) {
  const summary = trpc.admin.summary.useQuery(filter);
  const departments = trpc.admin.departments.useQuery();
  const department = departments.data?.find((d) => d.id === filter.department_id)?.name;
  const filtered = Object.values(filter).some((v) => v !== undefined);
  const scope = department ? MSG.userList.inDepartment(department) : filtered ? MSG.userList.inFilter : null;
  const s = summary.data;
  const value = (n: number | undefined) => (s && n !== undefined ? formatCount(n) : <Skeleton className="h-8 w-16" />);
  const card = 'flex items-center gap-4 rounded-xl border bg-card p-5 text-left shadow-xs';
  return (
    <div className="grid gap-3">
      {summary.isError && <QueryError query={summary} message={MSG.admin.loadAttendanceFailed} />}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {(['teacher', 'student'] as const).map((role) => (
          <button
            key={role}
            type="button"
            aria-pressed={shown === role}
            onClick={() => onShow(role)}
            className={cn(card, 'transition-colors hover:bg-accent/50', shown === role && 'ring-2 ring-primary')}
          >
            <span aria-hidden className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              {role === 'teacher' ? <UserCheck className="size-5" /> : <GraduationCap className="size-5" />}
            </span>
            <span className="grid gap-1">
              <span className="text-sm text-muted-foreground">{role === 'teacher' ? MSG.admin.stats.teachers : MSG.admin.stats.students}</span>
              <span className="text-2xl font-semibold" data-testid={`stat-${role}s`}>
                {value(role === 'teacher' ? s?.total_teachers : s?.total_students)}
              </span>
              {department && <span className="text-xs text-muted-foreground">{MSG.userList.inDepartment(department)}</span>}
            </span>
          </button>
        ))}
        <div className={card}>
          <span aria-hidden className="flex size-10 items-center justify-center rounded-lg bg-success/15 text-success">
            <CalendarCheck className="size-5" />
          </span>
          <span className="grid gap-1">
            <span className="text-sm text-muted-foreground">{MSG.admin.stats.attendance}</span>
            <span className="text-2xl font-semibold" data-testid="stat-attendance">
              {value(s?.total_attendance)}
            </span>
            {s && (
              <span className="text-xs text-muted-foreground" data-testid="stat-sessions">
                {MSG.admin.stats.sessions(s.total_sessions)}
                {scope && ` ${scope}`}
              </span>
            )}
          </span>
        </div>
        <div className={card}>
          <span aria-hidden className="flex size-10 items-center justify-center rounded-lg bg-destructive/10 text-destructive">
            <TriangleAlert className="size-5" />
          </span>
          <span className="grid gap-1">
            <span className="text-sm text-muted-foreground">{MSG.admin.stats.flagged}</span>
            <span className="text-2xl font-semibold" data-testid="stat-flagged">
              {value(s?.flagged_marks)}
            </span>
            <span className="text-xs text-muted-foreground">{MSG.admin.stats.flaggedHint}</span>
          </span>
        </div>
        <BelowRuleStat filter={filter} className={cn(card, 'transition-colors hover:bg-accent/50')} />
      </div>
      {s && s.pending_teachers > 0 && (
        <button
          type="button"
          onClick={onShowPending}
          data-testid="pending-teachers"
          className="w-fit rounded-md bg-warning/20 px-3 py-1.5 text-sm font-medium text-amber-800 hover:bg-warning/30"
        >
          {MSG.admin.pendingTeachers(s.pending_teachers)}
        </button>
      )}
    </div>
  );
}
