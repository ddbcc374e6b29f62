import { UserCheck } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '../../../../shared/messages';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';
import { formatDateTime } from '@/lib/format';

const D = MSG.duplicateFace;
type Refusal = RouterOutputs['admin']['duplicateFaces']['data'][number];

/**
 * Issue 18 (one face, one account): registrations refused because the face is already enrolled, beside the matched
 * account's photos, so an admin can tell twins from a second account and let one registration through.
 */
export function DuplicateFacesCard() {
  const list = trpc.admin.duplicateFaces.useQuery({ page: 1, limit: 20 });
  const utils = trpc.useUtils();
  const allow = trpc.admin.allowDuplicateFace.useMutation({
    onSuccess: (r) => {
      toast.success(r.message);
      void utils.admin.duplicateFaces.invalidate();
    },
    onError: (e) => toast.error(e.data?.errorCode === 'already_allowed' ? e.message : D.allowFailed),
  });
  return (
    <Card role="region" aria-labelledby="duplicate-faces-title">
      <CardHeader>
        <CardTitle id="duplicate-faces-title">{D.cardTitle}</CardTitle>
        <CardDescription>{D.cardIntro}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={list} failed={D.loadFailed} isEmpty={(d) => d.data.length === 0} empty={<EmptyState>{D.none}</EmptyState>}>
          {(d) => (
            <ul className="grid gap-3">
              {d.data.map((r) => (
                <RefusalItem key={r.id} refusal={r} onAllow={() => allow.mutate({ id: r.id })} busy={allow.isPending} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function RefusalItem({ refusal: r, onAllow, busy }: { refusal: Refusal; onAllow: () => void; busy: boolean }) {
  return (
    <li data-testid="duplicate-face" className="grid gap-2 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium [overflow-wrap:anywhere]">{r.email}</span>
        {r.username && <span className="text-sm text-muted-foreground">{r.username}</span>}
        <StateBadge refusal={r} />
      </div>
      <span className="text-xs text-muted-foreground">
        {formatDateTime(r.created_at)} · {D.distance(r.distance)}
      </span>
      {r.matched ? (
        <div className="grid gap-1">
          <span className="text-sm">
            {D.matchedAccount} <span className="font-medium">{r.matched.username}</span> ({r.matched.email}, {MSG.admin.statuses[r.matched.status]})
          </span>
          <div className="flex flex-wrap gap-2">
            {r.matched.image_urls.map((url, i) => (
              <img key={url} src={url} alt={D.photoAlt(i + 1)} className="size-20 rounded-md border object-cover" />
            ))}
          </div>
        </div>
      ) : (
        <span className="text-sm text-muted-foreground">{D.matchedGone}</span>
      )}
      {r.state === 'waiting' && (
        <Button size="sm" className="w-fit" onClick={onAllow} disabled={busy}>
          <UserCheck aria-hidden />
          {D.allow}
        </Button>
      )}
    </li>
  );
}

function StateBadge({ refusal: r }: { refusal: Refusal }) {
  if (r.state === 'used') return <Badge variant="success">{D.stateUsed(r.used_by?.username ?? D.someone)}</Badge>;
  if (r.state === 'allowed') return <Badge variant="secondary">{D.stateAllowed(r.allowed_by ?? D.someone)}</Badge>;
  return <Badge variant="outline">{D.stateWaiting}</Badge>;
}
