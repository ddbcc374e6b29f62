import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatCoordinate } from '@shared/kolkata-time';
import { detailViewColumns, faceTriesText } from '@shared/attendance/detail-columns';
import { MSG } from '@shared/messages';
import { MarkFlags } from '@/components/mark-flags';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { downloadFile } from '@/lib/api/download';
import { formatDate, formatDateTime, formatTime, humanize } from '@/lib/format';
import { trpc } from '@/lib/api/trpc';
import { useMediaQuery, WIDE_LAYOUT } from '@/lib/hooks/use-media-query';
import type { AttendanceFilter, DetailRow, PairRow } from '../admin-types';
import { FieldGrid, REPORT_DIALOG, REPORT_DIALOG_BODY } from './field-grid';

const COLUMNS = detailViewColumns;
const TRIES_COLUMN = COLUMNS[COLUMNS.length - 1];

/**
 * The Mode a person reads (issue 36): SPEC 4 derives Offline (a location check) or Online, which the CSV keeps; on
 * screen a teacher's mark says Teacher and the absence written when the session ended (no check, nobody's hand)
 * says Automatic, where Online would claim a student marked from afar.
 */
export function modeLabel(r: Pick<DetailRow, 'mode' | 'manual_override' | 'face_recognition_status'>) {
  if (r.manual_override) return MSG.admin.modeTeacher;
  if (r.mode === 'offline') return MSG.admin.modeOffline;
  return r.face_recognition_status ? MSG.admin.modeOnline : MSG.admin.modeAutomatic;
}

/** Every column of a record as text, in COLUMNS order up to the flags (which need their list) and the face check tries after them. */
const cellsOf = (r: DetailRow) => [
  r.date,
  humanize(r.status),
  modeLabel(r),
  r.geofencing_status ?? '',
  r.face_recognition_status ?? '',
  r.manual_override ? MSG.admin.yes : MSG.admin.no,
  r.marked_by ?? MSG.admin.system,
  formatCoordinate(r.latitude),
  formatCoordinate(r.longitude),
  r.radius === null ? '' : String(r.radius),
  r.session_start,
  r.session_end,
  r.ip ?? '',
  r.ip ? (r.device ?? MSG.markTrace.unknownDevice) : '',
  r.accuracy_m === null ? '' : MSG.markTrace.accuracyMeters(r.accuracy_m),
];
const TIME_COLUMNS = new Set([0, 10, 11]);

/** A time in a table cell on two short lines (day, then time), so twelve columns fit a laptop's width. */
function TwoLineTime({ iso }: { iso: string | null }) {
  if (!iso) return null;
  return (
    <>
      <span className="block whitespace-nowrap">{formatDate(iso)}</span>
      <span className="block whitespace-nowrap text-muted-foreground">{formatTime(iso)}</span>
    </>
  );
}

/** One teacher and student pair's records (SPEC 2's detail popup) with its CSV export: cards on a phone, a table wider up. */
export function DetailDialog({ pair, filter, onClose }: { pair: PairRow | null; filter: AttendanceFilter; onClose: () => void }) {
  const wide = useMediaQuery(WIDE_LAYOUT);
  const detail = trpc.admin.pairDetail.useQuery({ ...filter, teacher: pair?.teacher_id ?? 0, student: pair?.student_id ?? 0 }, { enabled: Boolean(pair) });
  const [exporting, setExporting] = useState(false);
  const rows = detail.data;
  const title = pair ? MSG.admin.detailTitle(pair.teacher_name, pair.student_name) : '';

  const exportCsv = async () => {
    if (!pair || !rows?.length) return void toast.info(MSG.admin.noDataToExport);
    setExporting(true);
    try {
      await downloadFile('/admin/attendance-details/export.csv', { ...filter, teacher: pair.teacher_id, student: pair.student_id });
      toast.success(MSG.admin.detailCsvDone);
    } catch {
      toast.error(MSG.admin.detailFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dialog open={Boolean(pair)} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className={REPORT_DIALOG}>
        <DialogHeader>
          <DialogTitle className="pr-6">{title}</DialogTitle>
        </DialogHeader>
        <ScrollRegion label={title} className={REPORT_DIALOG_BODY}>
          <QueryState
            query={detail}
            failed={MSG.admin.detailFailed}
            isEmpty={(rows) => rows.length === 0}
            empty={<EmptyState>{MSG.admin.noDetail}</EmptyState>}
          >
            {(rows) =>
              wide ? (
                <div className="rounded-md border">
                  <Table label={title} className="text-xs">
                    <TableHeader>
                      <TableRow>
                        {COLUMNS.map((c) => (
                          <TableHead key={c} className="h-auto px-2 py-2 whitespace-normal">
                            {c}
                          </TableHead>
                        ))}
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {rows.map((r) => (
                        <TableRow key={r.id} data-testid="detail-row">
                          {cellsOf(r).map((v, i) => (
                            <TableCell key={COLUMNS[i]} className="px-2 tabular-nums whitespace-normal">
                              {TIME_COLUMNS.has(i) ? <TwoLineTime iso={v} /> : v}
                            </TableCell>
                          ))}
                          <TableCell className="min-w-36 px-2 whitespace-normal">
                            <MarkFlags flags={r.flags} name={pair?.student_name ?? ''} />
                          </TableCell>
                          <TableCell className="px-2 whitespace-normal">{faceTriesText(r.face_tries)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              ) : (
                <ul className="grid gap-3">
                  {rows.map((r) => (
                    <li key={r.id} data-testid="detail-card" className="grid gap-2 rounded-lg border bg-card p-3">
                      <FieldGrid
                        className="grid-cols-[auto_1fr]"
                        fields={cellsOf(r).map((v, i) => [COLUMNS[i], TIME_COLUMNS.has(i) ? formatDateTime(v) : v] as [string, string])}
                      />
                      <MarkFlags flags={r.flags} name={pair?.student_name ?? ''} />
                      {r.face_tries && <FieldGrid className="grid-cols-[auto_1fr]" fields={[[TRIES_COLUMN, faceTriesText(r.face_tries)]]} />}
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        </ScrollRegion>
        <div className="flex justify-end border-t pt-3" data-testid="report-controls">
          <Button variant="secondary" onClick={exportCsv} disabled={exporting}>
            <Download aria-hidden />
            {MSG.admin.filters.exportCsv}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
