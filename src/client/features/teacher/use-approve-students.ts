import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MSG } from '../../../shared/messages';
import { fetchJson } from '@/features/attendance/fetch-json';
import { teacherKeys } from './teacher-api';

const M = MSG.teacher;

/** PATCH /api/approve_students: 'Approved!' or 'Approval failed'; resolves true on success. */
export function useApproveStudents() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (userIds: number[]) => fetchJson<{ approved: number }>('/approve_students', { method: 'PATCH', json: { user_ids: userIds } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teacherKeys.all }),
  });

  async function approve(userIds: number[]): Promise<boolean> {
    if (userIds.length === 0) {
      toast.error(M.selectStudent);
      return false;
    }
    try {
      await mutation.mutateAsync(userIds);
      toast.success(M.approved);
      return true;
    } catch {
      toast.error(M.approvalFailed);
      return false;
    }
  }

  return { approve, pending: mutation.isPending };
}
