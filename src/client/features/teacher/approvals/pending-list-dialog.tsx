import { CheckCheck, Eye, ScanFace, UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MSG } from '@shared/messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { PendingStudentDetail } from './pending-student-detail';
import type { PendingGroup } from '../teacher-queries';
import { RejectDialog } from './reject-dialog';
import { useApproveStudents } from './use-approve-students';
import { useRejectStudents } from './use-reject-students';

/** A department's pending students: select-all, per-student checkboxes, Approve Selected and a detail view. */
export function PendingListDialog({ group, onClose }: { group: PendingGroup | null; onClose: () => void }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [detailId, setDetailId] = useState<number | null>(null);
  const { approve, pending: approving } = useApproveStudents();
  const { reject, pending: rejecting } = useRejectStudents();
  const pending = approving || rejecting;
  /** Who the Reject question is about (empty: no question open). */
  const [rejectIds, setRejectIds] = useState<number[]>([]);
  const students = group?.students ?? [];
  const detail = students.find((s) => s.id === detailId) ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection resets when another department group opens, not on every render
  useEffect(() => {
    setSelected(new Set());
    setDetailId(null);
  }, [group?.id]);
  // Approved students leave the list: drop them from the selection too.
  useEffect(() => {
    setSelected((prev) => {
      const kept = [...prev].filter((id) => students.some((s) => s.id === id));
      return kept.length === prev.size ? prev : new Set(kept);
    });
  }, [students]);

  const allChecked = students.length > 0 && selected.size === students.length;
  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function approveIds(ids: number[]) {
    if (!(await approve(ids))) return;
    setDetailId(null);
    if (ids.length >= students.length) onClose();
  }

  async function rejectIdsWith(reason: string) {
    const ids = rejectIds;
    if (!(await reject(ids, reason))) return;
    setRejectIds([]);
    setDetailId(null);
    if (ids.length >= students.length) onClose();
  }

  function askReject(ids: number[]) {
    if (ids.length === 0) return void reject([], '');
    setRejectIds(ids);
  }

  return (
    <Dialog open={group !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{MSG.teacher.pending.listTitle(group?.department_name ?? '')}</DialogTitle>
          <DialogDescription>{MSG.teacher.pending.listDescription}</DialogDescription>
        </DialogHeader>
        {detail ? (
          <PendingStudentDetail
            student={detail}
            busy={pending}
            onBack={() => setDetailId(null)}
            onApprove={() => approveIds([detail.id])}
            onReject={() => askReject([detail.id])}
          />
        ) : (
          <>
            <div className="flex items-center gap-3 rounded-lg bg-muted/60 px-3 py-2.5">
              <Checkbox
                id="pending-select-all"
                checked={allChecked ? true : selected.size > 0 ? 'indeterminate' : false}
                onCheckedChange={(on) => setSelected(on === true ? new Set(students.map((s) => s.id)) : new Set())}
              />
              <Label htmlFor="pending-select-all">{MSG.teacher.pending.selectAll}</Label>
              <span className="ml-auto text-xs text-muted-foreground">{MSG.teacher.pending.count(students.length)}</span>
            </div>
            <ul className="grid max-h-80 gap-1 overflow-y-auto">
              {students.map((s) => (
                <li key={s.id} className="flex items-center gap-3 rounded-lg px-3 py-2 hover:bg-muted/50">
                  <Checkbox
                    id={`pending-${s.id}`}
                    aria-label={MSG.teacher.pending.select(s.username)}
                    checked={selected.has(s.id)}
                    onCheckedChange={(on) => toggle(s.id, on === true)}
                  />
                  <label htmlFor={`pending-${s.id}`} className="min-w-0 flex-1 cursor-pointer">
                    <span className="block truncate text-sm font-medium">{s.username}</span>
                    <span className="block truncate text-xs text-muted-foreground">{s.email}</span>
                    {s.face_collision && (
                      <Badge variant="destructive" className="mt-1" data-testid="pending-face-collision">
                        <ScanFace aria-hidden />
                        {MSG.duplicateFace.pendingBadge}
                      </Badge>
                    )}
                  </label>
                  <Button variant="ghost" size="sm" aria-label={MSG.teacher.pending.view(s.username)} onClick={() => setDetailId(s.id)}>
                    <Eye aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
            <DialogFooter>
              <Button variant="outline" className="text-destructive" onClick={() => askReject([...selected])} disabled={pending}>
                <UserX aria-hidden />
                {MSG.reject.selected}
                {selected.size > 0 && ` (${selected.size})`}
              </Button>
              <Button onClick={() => approveIds([...selected])} disabled={pending}>
                <CheckCheck aria-hidden />
                {MSG.teacher.pending.approveSelected}
                {selected.size > 0 && ` (${selected.size})`}
              </Button>
            </DialogFooter>
          </>
        )}
        {/* Inside the list's content: Radix then stacks the question over it instead of closing the list. */}
        <RejectDialog
          names={rejectIds.map((id) => students.find((s) => s.id === id)?.username ?? '')}
          busy={pending}
          onCancel={() => setRejectIds([])}
          onReject={(reason) => void rejectIdsWith(reason)}
        />
      </DialogContent>
    </Dialog>
  );
}
