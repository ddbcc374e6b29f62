import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { type FaceCollisionDecision, useDecideFaceCollision } from './use-decide-face-collision';

const DECISIONS: FaceCollisionDecision[] = ['twins', 'lookalikes', 'same_person'];

/** Twins, Lookalikes, Same person twice: one decision on one collision, stacked on a phone. */
export function CollisionDecisions({ collisionId }: { collisionId: number }) {
  const { decide, pending } = useDecideFaceCollision();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {DECISIONS.map((d) => (
        <Button
          key={d}
          size="sm"
          variant="outline"
          className={d === 'same_person' ? 'text-destructive' : undefined}
          disabled={pending}
          onClick={() => void decide(collisionId, d)}
        >
          {MSG.duplicateFace.decisions[d]}
        </Button>
      ))}
    </div>
  );
}
