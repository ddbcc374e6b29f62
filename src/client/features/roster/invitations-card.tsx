import { Copy, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from '@/components/ui/card';
import { QueryError } from '@/components/app-state/query-state';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { formatDateTime } from '@/lib/format';

async function copyLink(name: string, link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast.success(MSG.invitations.copied(name));
  } catch {
    toast.error(MSG.invitations.copyFailed);
  }
}

/**
 * Who has not enrolled: each imported student still to set a password and photos, with their link's state. Only a
 * hash of a link is kept on the server, so "Copy link" works for the links made in this visit (`links`); any other
 * student gets "New link", which voids their old one.
 */
export function InvitationsCard({ links, onLink }: { links: ReadonlyMap<number, string>; onLink: (userId: number, link: string) => void }) {
  const list = trpc.teacher.rosterInvitations.useQuery();
  const utils = trpc.useUtils();
  const renew = trpc.teacher.renewInvitation.useMutation();

  async function newLink(userId: number, name: string) {
    try {
      const invitation = await renew.mutateAsync({ user_id: userId });
      onLink(userId, invitation.link);
      toast.success(MSG.invitations.renewed(name));
      await utils.teacher.rosterInvitations.invalidate();
    } catch (err) {
      toast.error(refusalText(err, MSG.invitations.renewFailed));
    }
  }

  const rows = list.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardHeading className="text-lg">{MSG.invitations.title}</CardHeading>
        <CardDescription>{MSG.invitations.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isError && <QueryError query={list} message={MSG.invitations.loadFailed} />}
        {list.data && rows.length === 0 && <p className="py-6 text-center text-sm text-muted-foreground">{MSG.invitations.none}</p>}
        <ul className="divide-y" aria-label={MSG.invitations.title}>
          {rows.map((r) => {
            const link = links.get(r.user_id);
            return (
              <li key={r.user_id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="invitation-row">
                <div className="min-w-0">
                  <p className="font-medium break-all">
                    {r.name}
                    {r.roll_number && <span className="ml-2 text-sm font-normal text-muted-foreground">{r.roll_number}</span>}
                  </p>
                  <p className="text-xs break-all text-muted-foreground">
                    {r.email} · {r.department}
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <Badge variant={r.state === 'open' ? 'secondary' : 'destructive'}>{MSG.invitations.states[r.state]}</Badge>
                    {r.state === 'open' ? MSG.invitations.expires(formatDateTime(r.expires_at)) : MSG.invitations.expired(formatDateTime(r.expires_at))}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  {link && r.state === 'open' && (
                    <Button size="sm" variant="secondary" onClick={() => copyLink(r.name, link)}>
                      <Copy aria-hidden />
                      {MSG.invitations.copy}
                    </Button>
                  )}
                  <Button size="sm" variant="outline" onClick={() => newLink(r.user_id, r.name)} disabled={renew.isPending}>
                    <RefreshCw aria-hidden />
                    {MSG.invitations.renew}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
