import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { Badge } from '@/components/ui/badge';
import { RegionCard } from '@/components/region-card';
import { Pagination } from '@/components/ui/pagination';
import { CollisionComparison, CollisionDecisions, CollisionPhotos } from '@/features/face-collisions';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';
import { formatDateTime } from '@/lib/format';

const PAGE_SIZE = 20;
type Collision = RouterOutputs['admin']['duplicateFaces']['data'][number];
type State = Collision['state'];

const STATE_VARIANT: Record<State, 'success' | 'destructive' | 'secondary' | 'outline'> = {
  waiting: 'outline',
  twins: 'success',
  lookalikes: 'success',
  same_person: 'destructive',
  cleared: 'secondary',
  closed: 'secondary',
  refused: 'destructive',
  allowed: 'secondary',
  used: 'secondary',
};

/**
 * Issue 34 (one face, one account): every registration or face change whose photos looked like another account's,
 * beside that account's photos, with how it was decided; an admin may decide one still waiting, as its teacher may.
 */
export function DuplicateFacesCard() {
  const [page, setPage] = useState(1);
  const list = trpc.admin.duplicateFaces.useQuery({ page, limit: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const pages = Math.ceil((list.data?.total_records ?? 0) / PAGE_SIZE);
  return (
    <RegionCard id="duplicate-faces-title" title={MSG.duplicateFace.cardTitle} description={MSG.duplicateFace.cardIntro} contentClassName="grid gap-3">
      <QueryState
        query={list}
        failed={MSG.duplicateFace.loadFailed}
        isEmpty={(d) => d.data.length === 0}
        empty={<EmptyState>{MSG.duplicateFace.none}</EmptyState>}
      >
        {(d) => (
          <ul className="grid gap-3">
            {d.data.map((c) => (
              <CollisionItem key={c.id} collision={c} />
            ))}
          </ul>
        )}
      </QueryState>
      {pages > 1 && <Pagination page={page} totalPages={pages} onPageChange={setPage} />}
    </RegionCard>
  );
}

function CollisionItem({ collision: c }: { collision: Collision }) {
  // A refused registration (before collisions waited) left no account: its typed name and email stand for it.
  const waitingName = c.waiting?.username ?? c.username ?? c.email;
  return (
    <li data-testid="duplicate-face" className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{MSG.duplicateFace.kind[c.kind]}</Badge>
        <Badge variant={STATE_VARIANT[c.state]} className="whitespace-normal">
          {MSG.duplicateFace.state[c.state]}
        </Badge>
        {c.decided_at && (
          <span className="text-xs text-muted-foreground">
            {MSG.duplicateFace.decidedBy(c.decided_by ?? MSG.duplicateFace.someone, formatDateTime(c.decided_at))}
          </span>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        {formatDateTime(c.created_at)} · {MSG.duplicateFace.distance(c.distance)}
      </p>
      <CollisionComparison>
        <CollisionPhotos
          caption={<Account label={MSG.duplicateFace.waitingAccount} name={waitingName} email={c.waiting?.email ?? c.email} status={c.waiting?.status} />}
          name={waitingName}
          urls={c.waiting?.image_urls ?? []}
          testId="duplicate-face-waiting"
        />
        {c.matched ? (
          <CollisionPhotos
            caption={<Account label={MSG.duplicateFace.matchedAccount} name={c.matched.username} email={c.matched.email} status={c.matched.status} />}
            name={c.matched.username}
            urls={c.matched.image_urls}
            testId="duplicate-face-matched"
          />
        ) : (
          <p className="text-sm text-muted-foreground">{MSG.duplicateFace.matchedGone}</p>
        )}
      </CollisionComparison>
      {c.state === 'waiting' && <CollisionDecisions collisionId={c.id} />}
    </li>
  );
}

function Account({ label, name, email, status }: { label: string; name: string; email: string; status?: keyof typeof MSG.admin.statuses }) {
  return (
    <>
      <span className="block text-xs text-muted-foreground">{label}</span>
      <span className="font-medium">{name}</span>{' '}
      <span className="font-normal text-muted-foreground">
        {email}
        {status && ` · ${MSG.admin.statuses[status]}`}
      </span>
    </>
  );
}
