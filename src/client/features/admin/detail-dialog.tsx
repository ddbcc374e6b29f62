import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '../../../shared/messages';
import { MarkFlags } from '@/components/mark-flags';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { downloadFile } from '@/lib/download';
import { trpc } from '@/lib/trpc';
import type { AttendanceFilter, PairRow } from './admin-types';
import { formatCoordinate, formatKolkata } from '../../../shared/kolkata-time';

const A = MSG.admin;
const T = MSG.markTrace;

/** One teacher and student pair's records (SPEC 2's detail popup) with its CSV export. */
export function DetailDialog({ pair, filter, onClose }: { pair: PairRow | null; filter: AttendanceFilter; onClose: () => void }) {
  const detail = trpc.admin.pairDetail.useQuery({ ...filter, teacher: pair?.teacher_id ?? 0, student: pair?.student_id ?? 0 }, { enabled: Boolean(pair) });
  const [exporting, setExporting] = useState(false);
  const rows = detail.data;

  const exportCsv = async () => {
    if (!pair || !rows?.length) return void toast.info(A.noDataToExport);
    setExporting(true);
    try {
      await downloadFile('/admin/attendance-details/export.csv', { ...filter, teacher: pair.teacher_id, student: pair.student_id });
      toast.success(A.detailCsvDone);
    } catch {
      toast.error(A.detailFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dialog open={Boolean(pair)} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-6xl">
        <DialogHeader>
          <DialogTitle>{pair ? A.detailTitle(pair.teacher_name, pair.student_name) : ''}</DialogTitle>
        </DialogHeader>
        {detail.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {MSG.loader.label}
          </p>
        ) : detail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {A.detailFailed}
          </p>
        ) : !rows?.length ? (
          <p className="text-sm text-muted-foreground">{A.noDetail}</p>
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <Table>
              <TableHeader>
                <TableRow>
                  {[...A.detailColumns, T.address, T.device, T.accuracy, MSG.markFlags.column].map((c) => (
                    <TableHead key={c}>{c}</TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} data-testid="detail-row">
                    <TableCell className="whitespace-nowrap">{formatKolkata(r.date)}</TableCell>
                    <TableCell className="capitalize">{r.status}</TableCell>
                    <TableCell>{r.mode === 'offline' ? A.modeOffline : A.modeOnline}</TableCell>
                    <TableCell>{r.geofencing_status ?? ''}</TableCell>
                    <TableCell>{r.face_recognition_status ?? ''}</TableCell>
                    <TableCell>{r.manual_override ? A.yes : A.no}</TableCell>
                    <TableCell>{r.marked_by ?? A.system}</TableCell>
                    <TableCell className="tabular-nums">{formatCoordinate(r.latitude)}</TableCell>
                    <TableCell className="tabular-nums">{formatCoordinate(r.longitude)}</TableCell>
                    <TableCell className="tabular-nums">{r.radius}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatKolkata(r.session_start)}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatKolkata(r.session_end)}</TableCell>
                    <TableCell className="tabular-nums">{r.ip ?? ''}</TableCell>
                    <TableCell className="whitespace-nowrap">{r.ip ? (r.device ?? T.unknownDevice) : ''}</TableCell>
                    <TableCell className="tabular-nums whitespace-nowrap">{r.accuracy_m === null ? '' : T.accuracyMeters(r.accuracy_m)}</TableCell>
                    <TableCell className="min-w-56">
                      <MarkFlags flags={r.flags} name={pair?.student_name ?? ''} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={exportCsv} disabled={exporting}>
            <Download aria-hidden />
            {A.filters.exportCsv}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
