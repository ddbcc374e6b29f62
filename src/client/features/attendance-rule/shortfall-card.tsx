import { Download, Loader2, UserX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { EmptyState, LoadingLine, QueryError } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { RegionCard } from '@/components/region-card';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { downloadFile } from '@/lib/api/download';
import { formatCount, formatDateTime } from '@/lib/format';
import { trpc } from '@/lib/api/trpc';
import { type FilterRow, shortfallScope } from './shortfall-scope';

/** The admin's shortfall report: students below the rule for the filter row's department and dates, with a CSV. */
export function ShortfallCard({ filter }: { filter: FilterRow }) {
  const scope = shortfallScope(filter);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const q = trpc.attendanceRule.shortfall.useQuery({ ...scope, page });
  const data = q.data;

  async function exportCsv() {
    setExporting(true);
    try {
      if (!data?.total) return void toast.info(MSG.admin.noDataToExport);
      await downloadFile('/admin/attendance-shortfall/export.csv', scope);
      toast.success(MSG.attendanceRule.shortfallCsv);
    } catch {
      toast.error(MSG.attendanceRule.shortfallFailed);
    } finally {
      setExporting(false);
    }
  }

  return (
    <RegionCard
      id="shortfall-title"
      icon={UserX}
      title={
        <>
          {MSG.attendanceRule.shortfallTitle}
          {data && <span className="text-muted-foreground">({formatCount(data.total)})</span>}
        </>
      }
      description={MSG.attendanceRule.shortfallIntro}
      actions={
        <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting || !data}>
          {exporting ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
          {MSG.attendanceRule.exportCsv}
        </Button>
      }
      contentClassName="grid gap-3"
    >
      {q.isError ? (
        <QueryError query={q} message={MSG.attendanceRule.shortfallFailed} />
      ) : !data ? (
        <LoadingLine />
      ) : data.total === 0 ? (
        <EmptyState>{MSG.attendanceRule.shortfallEmpty}</EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto">
            <Table label={MSG.attendanceRule.shortfallTitle} data-testid="shortfall-table" className="[&_td]:px-1 [&_th]:px-1 sm:[&_td]:px-2 sm:[&_th]:px-2">
              <TableHeader>
                <TableRow>
                  <TableHead>{MSG.attendanceRule.columnStudent}</TableHead>
                  <TableHead className="hidden sm:table-cell">{MSG.attendanceRule.columnDepartment}</TableHead>
                  <TableHead className="text-right">{MSG.attendanceRule.columnRate}</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">{MSG.attendanceRule.columnAttended}</TableHead>
                  <TableHead className="text-right">{MSG.attendanceRule.columnNeeded}</TableHead>
                  <TableHead className="hidden lg:table-cell">{MSG.attendanceRule.columnLastPresent}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((r) => (
                  <TableRow key={r.student_id} data-testid="shortfall-row">
                    <TableCell className="font-medium">{r.username}</TableCell>
                    <TableCell className="hidden sm:table-cell">{r.department}</TableCell>
                    <TableCell className="text-right tabular-nums text-destructive">{r.rate}%</TableCell>
                    <TableCell className="hidden text-right tabular-nums sm:table-cell">
                      {r.attended} / {r.held - r.excused}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{r.needed_to_recover ?? '—'}</TableCell>
                    <TableCell className="hidden whitespace-nowrap lg:table-cell">
                      {r.last_present_at ? formatDateTime(r.last_present_at) : MSG.attendanceRule.neverPresent}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {data.total_pages > 1 && <Pagination page={data.page} totalPages={data.total_pages} onPageChange={setPage} />}
        </>
      )}
    </RegionCard>
  );
}
