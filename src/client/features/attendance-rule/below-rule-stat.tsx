import { UserX } from 'lucide-react';
import { MSG } from '@shared/messages';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';
import { trpc } from '@/lib/api/trpc';
import { type FilterRow, shortfallScope } from './shortfall-scope';

/** The "Below the rule" summary card: the shortfall report's count for the filter row (same query, so one request). */
export function BelowRuleStat({ filter, className }: { filter: FilterRow; className: string }) {
  const q = trpc.attendanceRule.shortfall.useQuery({ ...shortfallScope(filter), page: 1 });
  return (
    <a href="#shortfall-title" className={className}>
      <span aria-hidden className="flex size-10 items-center justify-center rounded-lg bg-warning/20 text-amber-700">
        <UserX className="size-5" />
      </span>
      <span className="grid gap-1">
        <span className="text-sm text-muted-foreground">{MSG.attendanceRule.belowCard}</span>
        <span className="text-2xl font-semibold" data-testid="stat-below-rule">
          {q.data ? formatCount(q.data.total) : <Skeleton className="h-8 w-16" />}
        </span>
        {q.data && <span className="text-xs text-muted-foreground">{MSG.attendanceRule.belowCardHint(q.data.required_rate)}</span>}
      </span>
    </a>
  );
}
