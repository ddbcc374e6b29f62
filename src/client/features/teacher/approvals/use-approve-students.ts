import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { errorCodeOf } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';

/**
 * teacher.approveStudents: 'Approved!' or 'Approval failed', or, when a selected student's photos look like another
 * account's, that this is decided first; resolves true on success.
 */
export function useApproveStudents() {
  const utils = trpc.useUtils();
  const mutation = trpc.teacher.approveStudents.useMutation({ onSuccess: () => utils.teacher.invalidate() });

  async function approve(userIds: number[]): Promise<boolean> {
    if (userIds.length === 0) {
      toast.error(MSG.teacher.selectStudent);
      return false;
    }
    try {
      await mutation.mutateAsync({ user_ids: userIds });
      toast.success(MSG.teacher.approved);
      return true;
    } catch (err) {
      toast.error(errorCodeOf(err) === 'face_collision_open' ? MSG.duplicateFace.decideFirst : MSG.teacher.approvalFailed);
      return false;
    }
  }

  return { approve, pending: mutation.isPending };
}
