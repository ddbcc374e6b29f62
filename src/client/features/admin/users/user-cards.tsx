import { CheckCircle2, Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { trpc } from '@/lib/api/trpc';
import type { AdminUser } from '../admin-types';

const STATUS_VARIANT = { active: 'success', pending: 'secondary', inactive: 'destructive' } as const;

/** One page of users as cards: initial, username, email, department, last login, status; edit, delete, and Activate when pending. */
export function UserCards({ users, onEdit, onDelete }: { users: AdminUser[]; onEdit: (u: AdminUser) => void; onDelete: (u: AdminUser) => void }) {
  const utils = trpc.useUtils();
  const activate = trpc.admin.updateUser.useMutation({
    onSuccess: (_r, v) => {
      toast.success(MSG.admin.activated(users.find((u) => u.id === v.id)?.username ?? ''));
      void utils.admin.invalidate();
    },
    onError: () => toast.error(MSG.admin.saveFailed),
  });
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
      {users.map((u) => (
        <li key={u.id} data-testid="user-card" className="flex items-start gap-3 rounded-xl border bg-card p-4 shadow-xs">
          <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground uppercase">
            {u.username.charAt(0)}
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium [overflow-wrap:anywhere]">{u.username}</span>
              <Badge variant={STATUS_VARIANT[u.status]}>{MSG.admin.statuses[u.status]}</Badge>
            </div>
            <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{u.email}</span>
            {u.department_name && <span className="text-xs text-muted-foreground">{u.department_name}</span>}
            <span className="text-xs text-muted-foreground">{u.last_login ? MSG.admin.lastLogin(formatDateTime(u.last_login)) : MSG.admin.neverLoggedIn}</span>
            <div className="mt-2 flex flex-wrap gap-2">
              {u.status === 'pending' && (
                <Button size="sm" onClick={() => activate.mutate({ id: u.id, changes: { status: 'active' } })} disabled={activate.isPending}>
                  <CheckCircle2 aria-hidden />
                  {MSG.admin.activate}
                </Button>
              )}
              <Button size="sm" variant="outline" aria-label={MSG.admin.edit(u.username)} onClick={() => onEdit(u)}>
                <Pencil aria-hidden />
              </Button>
              <Button size="sm" variant="outline" aria-label={MSG.admin.delete(u.username)} onClick={() => onDelete(u)} className="text-destructive">
                <Trash2 aria-hidden />
              </Button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
