import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';

/** teacher.rejectStudents; resolves true on success. */
export function useRejectStudents() {
  const utils = trpc.useUtils();
  const mutation = trpc.teacher.rejectStudents.useMutation({ onSuccess: () => utils.teacher.invalidate() });

  async function reject(userIds: number[], reason: string): Promise<boolean> {
    if (userIds.length === 0) {
      toast.error(MSG.teacher.selectStudent);
      return false;
    }
    try {
      const res = await mutation.mutateAsync({ user_ids: userIds, reason });
      toast.success(res.message);
      return true;
    } catch (err) {
      toast.error(refusalText(err, MSG.reject.failed));
      return false;
    }
  }

  return { reject, pending: mutation.isPending };
}
