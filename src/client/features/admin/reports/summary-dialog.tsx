import { keepPreviousData } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_ATTENDANCE_PAGE_SIZE } from '@shared/constants';
import { MSG } from '@shared/messages';
import { PAIR_SORTS, type TPairSort } from '@shared/schemas/admin';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LabeledField } from '@/components/ui/labeled-field';
import { SearchInput } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { downloadFile } from '@/lib/api/download';
import { trpc } from '@/lib/api/trpc';
import { useMediaQuery, WIDE_LAYOUT } from '@/lib/hooks/use-media-query';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { cn } from '@/lib/utils';
import type { AttendanceFilter, PairRow } from '../admin-types';
import { FieldGrid, REPORT_DIALOG, REPORT_DIALOG_BODY } from './field-grid';

const SEARCH_DEBOUNCE_MS = 300;
const COUNTS = [
  'total_present',
  'total_absent',
  'total_late',
  'total_excused',
  'geofencing_success',
  'geofencing_fail',
  'face_success',
  'face_fail',
  'total_attendance',
] as const;
/** The count columns' names, in COUNTS order (summaryColumns after Teacher and Student). */
const COUNT_LABELS = MSG.admin.summaryColumns.slice(2);

/**
 * The summary popup: pairs of the filter, 20 a page (SPEC 4's Prev/Next rule) with the page count, searched by student
 * and sorted by date or attendance rate on the server (issue 36); a row opens its detail. Cards on a phone.
 */
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
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TPairSort>('desc');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: back to the first page whenever the filter, search or order changes or the popup opens
  useEffect(() => setPage(1), [filter, open, q, sort]);
  const wide = useMediaQuery(WIDE_LAYOUT);
  const details = trpc.admin.attendanceDetails.useQuery(
    { ...filter, page, limit: ADMIN_ATTENDANCE_PAGE_SIZE, sort, q: q || undefined },
    { enabled: open, placeholderData: keepPreviousData },
  );
  const pages = Math.max(1, Math.ceil((details.data?.total_records ?? 0) / ADMIN_ATTENDANCE_PAGE_SIZE));
  const [exporting, setExporting] = useState(false);
  const d = details.data;

  const exportCsv = async () => {
    if (!d?.total_records) return void toast.info(MSG.admin.noDataToExport);
    setExporting(true);
    try {
      await downloadFile('/admin/attendance-summary/export.csv', { ...filter, sort, q: q || undefined });
      toast.success(MSG.admin.summaryCsvDone);
    } catch {
      toast.error(MSG.admin.popupError);
    } finally {
      setExporting(false);
    }
  };
  const flagged = (r: PairRow) => MSG.admin.flaggedCount(r.flagged_marks, r.flagged_rate);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={REPORT_DIALOG}>
        <DialogHeader>
          <DialogTitle>{MSG.admin.summaryTitle}</DialogTitle>
        </DialogHeader>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr]">
          <LabeledField id="summary-search" label={MSG.admin.summarySearch}>
            <SearchInput
              id="summary-search"
              value={search}
              maxLength={100}
              placeholder={MSG.admin.summarySearchPlaceholder}
              autoComplete="off"
              onChange={(e) => setSearch(e.target.value)}
            />
          </LabeledField>
          <LabeledField id="summary-sort" label={MSG.admin.summarySort}>
            <NativeSelect
              id="summary-sort"
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as TPairSort);
                setPage(1);
              }}
            >
              {PAIR_SORTS.map((s) => (
                <option key={s} value={s}>
                  {MSG.admin.summarySorts[s]}
                </option>
              ))}
            </NativeSelect>
          </LabeledField>
        </div>
        <ScrollRegion label={MSG.admin.summaryTitle} className={REPORT_DIALOG_BODY}>
          <QueryState
            query={details}
            failed={MSG.admin.popupError}
            failedTitle={MSG.admin.popupErrorTitle}
            isEmpty={(res) => res.data.length === 0}
            empty={
              q ? (
                <EmptyState>{MSG.admin.summaryNoMatch}</EmptyState>
              ) : (
                <EmptyState title={MSG.admin.popupNoRecordsTitle}>{MSG.admin.popupNoRecords}</EmptyState>
              )
            }
          >
            {({ data: rows }) =>
              wide ? (
                <div className="rounded-md border">
                  <Table label={MSG.admin.summaryTitle}>
                    <TableHeader>
                      <TableRow>
                        {[...MSG.admin.summaryColumns.slice(0, 2), MSG.admin.rateColumn, ...MSG.admin.summaryColumns.slice(2), MSG.admin.flaggedColumn].map(
                          (c) => (
                            <TableHead key={c}>{c}</TableHead>
                          ),
                        )}
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {rows.map((r) => (
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
                          <TableCell className="tabular-nums font-medium" data-testid="summary-rate">
                            {MSG.admin.rateValue(r.attendance_rate)}
                          </TableCell>
                          {COUNTS.map((column) => (
                            <TableCell key={column} className="tabular-nums">
                              {r[column]}
                            </TableCell>
                          ))}
                          <TableCell
                            className={cn('tabular-nums whitespace-nowrap', r.flagged_marks > 0 && 'font-medium text-destructive')}
                            data-testid="summary-flagged"
                          >
                            {flagged(r)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              ) : (
                <ul className="grid gap-3">
                  {rows.map((r) => (
                    <li key={`${r.teacher_id}-${r.student_id}`}>
                      <button
                        type="button"
                        data-testid="summary-card"
                        onClick={() => onPick(r)}
                        className="grid w-full gap-2 rounded-lg border bg-card p-3 text-left hover:bg-accent/50"
                      >
                        <span className="font-semibold [overflow-wrap:anywhere]">{MSG.admin.detailTitle(r.teacher_name, r.student_name)}</span>
                        <FieldGrid
                          fields={[
                            [MSG.admin.rateColumn, MSG.admin.rateValue(r.attendance_rate)] as [string, string],
                            ...COUNTS.map((c, i) => [COUNT_LABELS[i], r[c]] as [string, number]),
                            [MSG.admin.flaggedColumn, flagged(r)] as [string, string],
                          ]}
                        />
                      </button>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        </ScrollRegion>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3" data-testid="report-controls">
          <span role="status" className="text-sm text-muted-foreground" data-testid="summary-page">
            {/* the page of the rows shown: while the next page loads, the last one's rows stay, and so does their number */}
            {d && d.total_records > 0 ? MSG.admin.pageOf(d.current_page, pages, d.total_records) : ''}
          </span>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={exportCsv} disabled={exporting}>
              <Download aria-hidden />
              {MSG.admin.filters.exportCsv}
            </Button>
            {page > 1 && (
              <Button variant="outline" onClick={() => setPage((p) => p - 1)}>
                {MSG.admin.prev}
              </Button>
            )}
            {d && d.total_records > ADMIN_ATTENDANCE_PAGE_SIZE * page && (
              <Button variant="outline" onClick={() => setPage((p) => p + 1)}>
                {MSG.admin.next}
              </Button>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
