import { ScanFace } from 'lucide-react';
import { MSG } from '@shared/messages';
import type { RouterOutputs } from '@/lib/api/trpc';
import { CollisionDecisions } from './collision-decisions';
import { CollisionComparison, CollisionPhotos } from './collision-photos';

/** An open collision as the deciding teacher sees it beside a pending registration or face change. */
export type FaceCollision = NonNullable<RouterOutputs['teacher']['pendingFaceChanges'][number]['collision']>;

/**
 * Issue 34 (one face, one account, nobody locked out): the waiting photos beside the other account's, the distance,
 * and the decision. A registration's waiting photos are its enrolled ones; a face change's are its new ones.
 */
export function FaceCollisionPanel({ collision, waiting }: { collision: FaceCollision; waiting: { name: string; urls: string[] } }) {
  const { other } = collision;
  return (
    <section
      aria-label={MSG.duplicateFace.panelTitle}
      data-testid="face-collision"
      className="grid gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-3 sm:p-4"
    >
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <ScanFace className="size-4 text-destructive" aria-hidden />
        {MSG.duplicateFace.panelTitle}
      </h4>
      <p className="text-sm text-muted-foreground">{MSG.duplicateFace.panelIntro}</p>
      <CollisionComparison>
        <CollisionPhotos caption={MSG.duplicateFace.thisAccount(waiting.name)} name={waiting.name} urls={waiting.urls} testId="face-collision-waiting" />
        <CollisionPhotos
          caption={MSG.duplicateFace.otherAccount(other.username, MSG.admin.statuses[other.status])}
          name={other.username}
          urls={other.image_urls}
          testId="face-collision-other"
        />
      </CollisionComparison>
      <p className="text-xs text-muted-foreground">{MSG.duplicateFace.distance(collision.distance)}</p>
      <CollisionDecisions collisionId={collision.id} />
    </section>
  );
}
