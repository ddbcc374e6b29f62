import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { refusalText, trpcCodeOf } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';

export type FaceCollisionDecision = 'twins' | 'lookalikes' | 'same_person';

/**
 * teacher.decideFaceCollision (a teacher of the department or an admin): a toast with the server's answer. The
 * decision approves, rejects or applies something, so the teacher's and the admin's lists are refetched either way:
 * a refusal (decided or closed meanwhile) means the shown state is stale too.
 */
export function useDecideFaceCollision() {
  const utils = trpc.useUtils();
  const mutation = trpc.teacher.decideFaceCollision.useMutation({
    onSettled: () => Promise.all([utils.teacher.invalidate(), utils.admin.invalidate()]),
  });
  async function decide(collisionId: number, decision: FaceCollisionDecision): Promise<boolean> {
    try {
      const res = await mutation.mutateAsync({ collision_id: collisionId, decision });
      toast.success(res.message);
      return true;
    } catch (err) {
      const told = ['CONFLICT', 'FORBIDDEN'].includes(trpcCodeOf(err) ?? '');
      toast.error(told ? refusalText(err, MSG.duplicateFace.decideFailed) : MSG.duplicateFace.decideFailed);
      return false;
    }
  }
  return { decide, pending: mutation.isPending };
}
