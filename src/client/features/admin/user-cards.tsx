import { CheckCircle2, Loader2, Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '../../../shared/messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { trpc } from '@/lib/trpc';
import type { AdminUser } from './admin-types';
import { formatKolkata } from '../../../shared/kolkata-time';

const A = MSG.admin;
const STATUS_VARIANT = { active: 'success', pending: 'secondary', inactive: 'destructive' } as const;

/** The users of one role as cards: initial, username, email, last login, status; edit, delete, and Activate when pending. */
export function UserCards({ role, onEdit, onDelete }: { role: 'teacher' | 'student'; onEdit: (u: AdminUser) => void; onDelete: (u: AdminUser) => void }) {
  const users = trpc.admin.users.useQuery({ role });
  const utils = trpc.useUtils();
  const activate = trpc.admin.updateUser.useMutation({
    onSuccess: (_r, v) => {
      toast.success(A.activated(users.data?.find((u) => u.id === v.id)?.username ?? ''));
      void utils.admin.invalidate();
    },
    onError: () => toast.error(A.saveFailed),
  });
  if (users.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        {MSG.loader.label}
      </p>
    );
  }
  if (users.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {A.loadUsersFailed}
      </p>
    );
  }
  return (
    <section aria-label={A.usersTitle(role)} className="grid gap-3">
      <h2 className="text-lg font-semibold">{A.usersTitle(role)}</h2>
      {users.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{A.noUsers}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
          {users.data.map((u) => (
            <li key={u.id} data-testid="user-card" className="flex items-start gap-3 rounded-xl border bg-card p-4 shadow-xs">
              <span
                aria-hidden
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground uppercase"
              >
                {u.username.charAt(0)}
              </span>
              <div className="grid min-w-0 flex-1 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium [overflow-wrap:anywhere]">{u.username}</span>
                  <Badge variant={STATUS_VARIANT[u.status]}>{A.statuses[u.status]}</Badge>
                </div>
                <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{u.email}</span>
                <span className="text-xs text-muted-foreground">{u.last_login ? A.lastLogin(formatKolkata(u.last_login)) : A.neverLoggedIn}</span>
                <div className="mt-2 flex flex-wrap gap-2">
                  {u.status === 'pending' && (
                    <Button size="sm" onClick={() => activate.mutate({ id: u.id, changes: { status: 'active' } })} disabled={activate.isPending}>
                      <CheckCircle2 aria-hidden />
                      {A.activate}
                    </Button>
                  )}
                  <Button size="sm" variant="outline" aria-label={A.edit(u.username)} onClick={() => onEdit(u)}>
                    <Pencil aria-hidden />
                  </Button>
                  <Button size="sm" variant="outline" aria-label={A.delete(u.username)} onClick={() => onDelete(u)} className="text-destructive">
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
