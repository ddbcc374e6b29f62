import { Square } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { useGeofenceSession } from './use-geofence-session';

/**
 * Stop asks first: ending a session marks every unmarked student absent at once. The count is the server's, read
 * afresh when the question opens (students may have checked in since the last poll).
 */
export function StopConfirmDialog({
  open,
  onOpenChange,
  geofence,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  geofence: ReturnType<typeof useGeofenceSession>;
  onConfirm: () => void;
}) {
  const { refetch } = geofence.status;
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    if (!open) return;
    setFresh(false);
    void refetch().finally(() => setFresh(true));
  }, [open, refetch]);
  const count = geofence.session?.unmarked_count;
  const counting = !fresh || count === undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{MSG.stopConfirm.title}</DialogTitle>
          <DialogDescription data-testid="stop-question" aria-live="polite">
            {counting ? MSG.stopConfirm.counting : MSG.stopConfirm.question(count)}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {MSG.stopConfirm.keepRunning}
          </Button>
          <Button
            variant="destructive"
            disabled={counting}
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            <Square aria-hidden />
            {MSG.stopConfirm.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
