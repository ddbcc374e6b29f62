import { ShieldAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { MSG } from '@shared/messages';
import { LoadingSkeleton, QueryError } from '@/components/app-state/query-state';
import { StatCard } from '@/components/stat-card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';
import { cn } from '@/lib/utils';

type Row = RouterOutputs['attendanceRule']['atRisk']['students'][number];
const SORTS = {
  best: MSG.attendanceRule.sortBest,
  rate: MSG.attendanceRule.sortRate,
  name: MSG.attendanceRule.sortName,
  last: MSG.attendanceRule.sortLastPresent,
} as const;
type Sort = keyof typeof SORTS;

const compare: Record<Sort, (a: Row, b: Row) => number> = {
  best: (a, b) => (a.best_rate ?? a.rate ?? 0) - (b.best_rate ?? b.rate ?? 0) || (a.rate ?? 0) - (b.rate ?? 0) || a.username.localeCompare(b.username),
  rate: (a, b) => (a.rate ?? 0) - (b.rate ?? 0) || a.username.localeCompare(b.username),
  name: (a, b) => a.username.localeCompare(b.username),
  last: (a, b) => (a.last_present_at ?? '').localeCompare(b.last_present_at ?? '') || a.username.localeCompare(b.username),
};

/**
 * The teacher's At risk list: their department's students below the rule or within AT_RISK_MARGIN sessions of it,
 * with their absences in a row and (with a timetable) the most still possible, by which it is sorted first.
 */
export function AtRiskCard() {
  const q = trpc.attendanceRule.atRisk.useQuery(undefined, { staleTime: 0 });
  const [sort, setSort] = useState<Sort>('best');
  const rows = useMemo(() => [...(q.data?.students ?? [])].sort(compare[sort]), [q.data, sort]);
  return (
    <StatCard icon={ShieldAlert} title={MSG.attendanceRule.atRiskTitle} tone="warning">
      {q.isError ? (
        <QueryError query={q} message={MSG.attendanceRule.atRiskFailed} />
      ) : !q.data ? (
        <LoadingSkeleton>
          <Skeleton className="h-24 w-full" />
        </LoadingSkeleton>
      ) : (
        <div className="grid gap-3" data-testid="at-risk">
          <p className="text-sm text-muted-foreground">{MSG.attendanceRule.atRiskIntro(q.data.required_rate, q.data.margin)}</p>
          {!q.data.timetable && <p className="text-sm text-muted-foreground">{MSG.attendanceRule.atRiskNoTimetable}</p>}
          {rows.length === 0 ? (
            <p className="text-sm">{MSG.attendanceRule.atRiskEmpty}</p>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <Label htmlFor="at-risk-sort">{MSG.attendanceRule.sortBy}</Label>
                <NativeSelect id="at-risk-sort" className="w-auto" value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
                  {Object.entries(SORTS)
                    .filter(([k]) => k !== 'best' || q.data.timetable)
                    .map(([k, label]) => (
                      <option key={k} value={k}>
                        {label}
                      </option>
                    ))}
                </NativeSelect>
              </div>
              <div className="overflow-x-auto">
                <Table label={MSG.attendanceRule.atRiskTitle} className="[&_td]:px-1 [&_th]:px-1 sm:[&_td]:px-2 sm:[&_th]:px-2">
                  <TableHeader>
                    <TableRow>
                      <TableHead>{MSG.attendanceRule.columnStudent}</TableHead>
                      <TableHead className="text-right">{MSG.attendanceRule.columnRate}</TableHead>
                      <TableHead className="hidden text-right sm:table-cell">{MSG.attendanceRule.columnBest}</TableHead>
                      <TableHead>{MSG.attendanceRule.columnStanding}</TableHead>
                      <TableHead className="hidden text-right sm:table-cell">{MSG.attendanceRule.columnInRow}</TableHead>
                      <TableHead className="hidden sm:table-cell">{MSG.attendanceRule.columnLastPresent}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.student_id} data-testid="at-risk-row">
                        <TableCell className="font-medium">
                          {r.username}
                          {/* On a phone the last present mark sits under the name instead of in its own column. */}
                          <span className="block whitespace-normal text-xs font-normal text-muted-foreground sm:hidden">
                            {MSG.attendanceRule.lastPresentUnder(r.last_present_at ? formatDateTime(r.last_present_at) : null)}
                          </span>
                          {r.absences_in_row > 0 && (
                            <span className="block text-xs font-normal text-destructive sm:hidden">{MSG.attendanceRule.inRowUnder(r.absences_in_row)}</span>
                          )}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">
                          {r.rate}%{/* On a phone the most still possible sits under the rate instead of in its own column. */}
                          {r.best_rate !== null && (
                            <span className={cn('block text-xs sm:hidden', r.cannot_reach ? 'text-destructive' : 'text-muted-foreground')}>
                              {MSG.attendanceRule.bestUnder(r.best_rate)}
                            </span>
                          )}
                        </TableCell>
                        <TableCell className={cn('hidden text-right tabular-nums sm:table-cell', r.cannot_reach && 'font-medium text-destructive')}>
                          {r.best_rate === null ? MSG.attendanceRule.bestUnknown : `${r.best_rate}%`}
                          {r.cannot_reach && <span className="block text-xs">{MSG.attendanceRule.cannotReachShort}</span>}
                        </TableCell>
                        <TableCell className={r.needed_to_recover !== 0 ? 'whitespace-normal text-destructive' : 'whitespace-normal text-amber-700'}>
                          {r.needed_to_recover !== 0 ? MSG.attendanceRule.belowShort(r.needed_to_recover) : MSG.attendanceRule.closeShort(r.can_miss)}
                        </TableCell>
                        <TableCell className="hidden text-right tabular-nums sm:table-cell">{r.absences_in_row}</TableCell>
                        <TableCell className="hidden whitespace-nowrap sm:table-cell">
                          {r.last_present_at ? formatDateTime(r.last_present_at) : MSG.attendanceRule.neverPresent}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            </>
          )}
        </div>
      )}
    </StatCard>
  );
}
