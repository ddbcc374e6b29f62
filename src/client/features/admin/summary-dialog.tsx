import { Download, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_ATTENDANCE_PAGE_SIZE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { downloadFile } from '@/lib/download';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import type { AttendanceFilter, PairRow } from './admin-types';

const A = MSG.admin;

/** The summary popup: pairs of the filter, 20 a page (SPEC 4's Prev/Next rule); a row opens its detail. */
export function SummaryDialog({
  open,
  filter,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  filter: AttendanceFilter;
  onOpenChange: (o: boolean) => void;
  onPick: (row: PairRow) => void;
}) {
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: back to the first page whenever the filter changes or the popup opens
  useEffect(() => setPage(1), [filter, open]);
  const details = trpc.admin.attendanceDetails.useQuery({ ...filter, page, limit: ADMIN_ATTENDANCE_PAGE_SIZE }, { enabled: open });
  const [exporting, setExporting] = useState(false);
  const d = details.data;

  const exportCsv = async () => {
    if (!d?.total_records) return void toast.info(A.noDataToExport);
    setExporting(true);
    try {
      await downloadFile('/admin/attendance-summary/export.csv', filter);
      toast.success(A.summaryCsvDone);
    } catch {
      toast.error(A.popupError);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-6xl">
        <DialogHeader>
          <DialogTitle>{A.summaryTitle}</DialogTitle>
        </DialogHeader>
        {details.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {MSG.loader.label}
          </p>
        ) : details.isError ? (
          <div role="alert" className="grid gap-1">
            <p className="font-semibold">{A.popupErrorTitle}</p>
            <p className="text-sm text-destructive">{A.popupError}</p>
          </div>
        ) : !d || d.data.length === 0 ? (
          <div className="grid gap-1">
            <p className="font-semibold">{A.popupNoRecordsTitle}</p>
            <p className="text-sm text-muted-foreground">{A.popupNoRecords}</p>
          </div>
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <Table>
              <TableHeader>
                <TableRow>
                  {[...A.summaryColumns, A.flaggedColumn].map((c) => (
                    <TableHead key={c}>{c}</TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {d.data.map((r) => (
                  <TableRow
                    key={`${r.teacher_id}-${r.student_id}`}
                    data-testid="summary-row"
                    tabIndex={0}
                    className="cursor-pointer"
                    onClick={() => onPick(r)}
                    onKeyDown={(e) => e.key === 'Enter' && onPick(r)}
                  >
                    <TableCell>{r.teacher_name}</TableCell>
                    <TableCell>{r.student_name}</TableCell>
                    {(['total_present', 'total_absent', 'geofencing_success', 'geofencing_fail', 'face_success', 'face_fail', 'total_attendance'] as const).map(
                      (column) => (
                        <TableCell key={column} className="tabular-nums">
                          {r[column]}
                        </TableCell>
                      ),
                    )}
                    <TableCell
                      className={cn('tabular-nums whitespace-nowrap', r.flagged_marks > 0 && 'font-medium text-destructive')}
                      data-testid="summary-flagged"
                    >
                      {A.flaggedCount(r.flagged_marks, r.flagged_rate)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm text-muted-foreground">{d ? A.pageOf(page, d.total_records) : ''}</span>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={exportCsv} disabled={exporting}>
              <Download aria-hidden />
              {A.filters.exportCsv}
            </Button>
            {page > 1 && (
              <Button variant="outline" onClick={() => setPage((p) => p - 1)}>
                {A.prev}
              </Button>
            )}
            {d && d.total_records > ADMIN_ATTENDANCE_PAGE_SIZE * page && (
              <Button variant="outline" onClick={() => setPage((p) => p + 1)}>
                {A.next}
              </Button>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
