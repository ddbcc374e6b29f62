import { TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { QueryState } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { trpc } from '@/lib/api/trpc';
import type { AdminUser } from '../admin-types';

/** SPEC 4's user deletion: the preview of what goes with the user, a confirmation, then the cascade delete. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const preview = trpc.admin.deletionPreview.useQuery({ id: user?.id ?? 0 }, { enabled: Boolean(user), staleTime: 0 });
  const utils = trpc.useUtils();
  const remove = trpc.admin.deleteUser.useMutation({
    onSuccess: () => {
      toast.success(MSG.admin.deleted);
      void utils.admin.invalidate();
      onClose();
    },
    onError: (err) => toast.error(err.message || MSG.admin.deleteFailed),
  });
  const p = preview.data;
  return (
    <Dialog open={Boolean(user)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{MSG.admin.deletion.title(user?.username ?? '')}</DialogTitle>
          <DialogDescription className="flex items-center gap-2 font-medium text-destructive">
            <TriangleAlert className="size-4" aria-hidden />
            {MSG.admin.cannotUndo}
          </DialogDescription>
        </DialogHeader>
        <QueryState query={preview} failed={MSG.admin.previewFailed}>
          {(p) => (
            <div className="grid gap-3">
              <p data-testid="deletion-count">{MSG.admin.recordsAffected(p.total_related)}</p>
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                {Object.entries(p.related_data).map(([key, n]) => (
                  <div key={key} className="contents">
                    <dt className="text-muted-foreground">{MSG.admin.deletion.counts[key] ?? key}</dt>
                    <dd className="text-right font-medium tabular-nums">{n}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
        </QueryState>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {MSG.admin.deletion.cancel}
          </Button>
          <Button
            variant="destructive"
            disabled={!p || remove.isPending}
            onClick={() => user && remove.mutate({ id: user.id, confirm: true, cascade_delete: true })}
          >
            {MSG.admin.deletion.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
