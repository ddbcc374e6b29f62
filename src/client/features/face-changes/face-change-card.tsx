import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FaceCollisionPanel } from '@/features/face-collisions';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { PendingFaceChange } from './face-change-queries';
import { useDecideFaceChange } from './face-change-queries';
import { PhotoRow } from './photo-row';

const F = MSG.faceChange;

/**
 * One pending face change: the enrolled photos beside the new ones, how far apart they are, Approve and Decline. New
 * photos that look like another account's are compared with that account's and decided first: Approve waits.
 */
export function FaceChangeCard({ change }: { change: PendingFaceChange }) {
  const { decide, pending } = useDecideFaceChange();
  const [note, setNote] = useState('');
  const noteId = `face-change-note-${change.id}`;
  const held = change.collision !== null;
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="face-change">
      <div>
        <p className="font-semibold">{change.student.username}</p>
        <p className="text-sm text-muted-foreground">
          {change.student.email}
          {change.student.department ? ` · ${change.student.department}` : ''}
        </p>
        <p className="text-xs text-muted-foreground">{F.requestedAt(formatDateTime(change.requested_at))}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <PhotoRow label={F.enrolledPhotos} urls={change.old_images} testId="face-change-old" />
        <PhotoRow label={F.newPhotos} urls={change.new_images} testId="face-change-new" />
      </div>
      <p className={cn('text-sm font-medium', change.same_person === false && 'text-destructive')} data-testid="face-change-verdict">
        {change.verdict}
        {change.distance !== null && <span className="ml-2 font-normal text-muted-foreground">({F.distance(change.distance.toFixed(2))})</span>}
      </p>
      {change.collision && <FaceCollisionPanel collision={change.collision} waiting={{ name: change.student.username, urls: change.new_images }} />}
      <label htmlFor={noteId} className="sr-only">
        {F.declineNote}
      </label>
      <Input id={noteId} placeholder={F.declineNote} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" disabled={pending} onClick={() => decide(change.id, 'decline', note)}>
          <X aria-hidden />
          {F.decline}
        </Button>
        <Button disabled={pending || held} onClick={() => decide(change.id, 'approve', note)}>
          <Check aria-hidden />
          {F.approve}
        </Button>
      </div>
    </li>
  );
}
