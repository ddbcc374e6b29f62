import { UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MSG } from '@shared/messages';
import { REJECT_REASON_MAX } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LabeledField } from '@/components/ui/labeled-field';
import { Textarea } from '@/components/ui/textarea';

/** Asks before rejecting, with the optional reason the students read when they try to log in. */
export function RejectDialog({
  names,
  busy,
  onCancel,
  onReject,
}: {
  /** Who would be rejected; empty closes the dialog. */
  names: string[];
  busy: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const open = names.length > 0;
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  const tooLong = reason.trim().length > REJECT_REASON_MAX;

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{names.length === 1 ? MSG.reject.title(names[0]) : MSG.reject.titleMany(names.length)}</DialogTitle>
          <DialogDescription>{MSG.reject.description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!tooLong) onReject(reason);
          }}
        >
          <LabeledField id="reject-reason" label={MSG.reject.reasonLabel} error={tooLong ? MSG.reject.reasonTooLong(REJECT_REASON_MAX) : undefined}>
            <Textarea
              id="reject-reason"
              value={reason}
              placeholder={MSG.reject.reasonPlaceholder}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={tooLong}
              aria-describedby={tooLong ? 'reject-reason-error' : undefined}
              className="min-h-20"
            />
          </LabeledField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              {MSG.reject.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy || tooLong}>
              <UserX aria-hidden />
              {MSG.reject.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
