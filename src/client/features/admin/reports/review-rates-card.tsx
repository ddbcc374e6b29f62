import { Hand } from 'lucide-react';
import { MSG } from '@shared/messages';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { RegionCard } from '@/components/region-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { trpc } from '@/lib/api/trpc';

/**
 * Issue 39: the semester's review requests by department (refused students who asked their teacher) and what was
 * decided. Many requests, or many left to expire, point at a room, a camera or a teacher worth a word.
 */
export function ReviewRatesCard() {
  const q = trpc.admin.reviewRates.useQuery();
  const c = MSG.review.ratesColumns;
  return (
    <RegionCard id="review-rates-title" icon={Hand} title={MSG.review.ratesTitle} description={MSG.review.ratesDescription} contentClassName="grid gap-3">
      <QueryState
        query={q}
        failed={MSG.admin.loadAttendanceFailed}
        isEmpty={(data) => data.departments.length === 0}
        empty={<EmptyState>{MSG.review.ratesEmpty}</EmptyState>}
      >
        {({ departments: rows }) => (
          <div className="overflow-x-auto">
            <Table label={MSG.review.ratesTitle} data-testid="review-rates" className="[&_td]:px-1 [&_th]:px-1 sm:[&_td]:px-2 sm:[&_th]:px-2">
              <TableHeader>
                <TableRow>
                  <TableHead>{c.department}</TableHead>
                  <TableHead className="text-right">{c.requests}</TableHead>
                  <TableHead className="text-right">{c.marked}</TableHead>
                  <TableHead className="text-right">{c.declined}</TableHead>
                  <TableHead className="text-right">{c.expired}</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">{c.resolved}</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">{c.open}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.department}>
                    <TableCell className="font-medium">{r.department}</TableCell>
                    <TableCell className="text-right tabular-nums">{r.requests}</TableCell>
                    <TableCell className="text-right tabular-nums">{MSG.review.rateOf(r.marked, r.requests)}</TableCell>
                    <TableCell className="text-right tabular-nums">{MSG.review.rateOf(r.declined, r.requests)}</TableCell>
                    <TableCell className="text-right tabular-nums">{MSG.review.rateOf(r.expired, r.requests)}</TableCell>
                    <TableCell className="hidden text-right tabular-nums sm:table-cell">{MSG.review.rateOf(r.resolved, r.requests)}</TableCell>
                    <TableCell className="hidden text-right tabular-nums sm:table-cell">{r.open}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </QueryState>
    </RegionCard>
  );
}
