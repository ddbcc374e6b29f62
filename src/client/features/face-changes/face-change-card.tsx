import { AlertTriangle, Check, X } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { FaceCollisionPanel } from '@/features/face-collisions';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { PendingFaceChange } from './face-change-queries';
import { useDecideFaceChange } from './face-change-queries';
import { PhotoRow } from './photo-row';

/**
 * One pending face change: the enrolled photos beside the new ones, how far apart they are, Approve and Decline. New
 * photos that look like another account's are compared with that account's and decided first: Approve waits.
 */
export function FaceChangeCard({ change }: { change: PendingFaceChange }) {
  const { decide, pending } = useDecideFaceChange();
  const [note, setNote] = useState('');
  const noteId = `face-change-note-${change.id}`;
  const held = change.collision !== null;
  // Issue 36: photos that do not match are approved only once the teacher says so here (the server asks the same).
  const mismatch = change.same_person === false;
  const [confirmed, setConfirmed] = useState(false);
  const confirmId = `face-change-confirm-${change.id}`;
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="face-change">
      <div>
        <p className="font-semibold">{change.student.username}</p>
        <p className="text-sm text-muted-foreground">
          {change.student.email}
          {change.student.department ? ` · ${change.student.department}` : ''}
        </p>
        <p className="text-xs text-muted-foreground">{MSG.faceChange.requestedAt(formatDateTime(change.requested_at))}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <PhotoRow label={MSG.faceChange.enrolledPhotos} urls={change.old_images} testId="face-change-old" />
        <PhotoRow label={MSG.faceChange.newPhotos} urls={change.new_images} testId="face-change-new" />
      </div>
      <div
        className={cn('grid gap-1 rounded-lg border p-3 text-sm', mismatch ? 'border-destructive/50 bg-destructive/5' : 'bg-muted/40')}
        data-testid="face-change-verdict"
      >
        <p className={cn('flex items-center gap-2 font-semibold', mismatch ? 'text-destructive' : change.same_person && 'text-success')}>
          {mismatch ? <AlertTriangle aria-hidden className="size-4 shrink-0" /> : change.same_person && <Check aria-hidden className="size-4 shrink-0" />}
          {change.verdict}
        </p>
        {change.identity_distance !== null ? (
          <p className="text-muted-foreground" data-testid="face-change-measure">
            {MSG.faceChangeVerdict.measured(change.identity_distance.toFixed(2), change.threshold.toFixed(2))}
          </p>
        ) : (
          change.distance !== null && <p className="text-muted-foreground">{MSG.faceChange.distance(change.distance.toFixed(2))}</p>
        )}
      </div>
      {change.collision && <FaceCollisionPanel collision={change.collision} waiting={{ name: change.student.username, urls: change.new_images }} />}
      <label htmlFor={noteId} className="sr-only">
        {MSG.faceChange.declineNote}
      </label>
      <Input id={noteId} placeholder={MSG.faceChange.declineNote} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      {mismatch && (
        <div className="flex items-start gap-2">
          <Checkbox id={confirmId} checked={confirmed} onCheckedChange={(v) => setConfirmed(v === true)} className="mt-0.5" />
          <label htmlFor={confirmId} className="text-sm">
            {MSG.faceChangeVerdict.confirmMismatch}
          </label>
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" disabled={pending} onClick={() => decide(change.id, 'decline', note)}>
          <X aria-hidden />
          {MSG.faceChange.decline}
        </Button>
        <Button disabled={pending || held || (mismatch && !confirmed)} onClick={() => decide(change.id, 'approve', note, mismatch && confirmed)}>
          <Check aria-hidden />
          {MSG.faceChange.approve}
        </Button>
      </div>
    </li>
  );
}
