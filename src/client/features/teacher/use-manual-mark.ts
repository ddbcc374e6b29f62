import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MSG } from '../../../shared/messages';
import { errorText, fetchJson } from '@/features/attendance/fetch-json';
import { type SessionStudent, teacherKeys } from './teacher-api';

const M = MSG.teacher;

/** PATCH /api/mark_attendance_manual; needs the row's session id (SPEC 5). Resolves true on success. */
export function useManualMark() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (args: { student_id: number; session_id: number; status: 'present' | 'absent' }) =>
      fetchJson<{ message: string }>('/mark_attendance_manual', { method: 'PATCH', json: args }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teacherKeys.all }),
  });

  async function mark(student: SessionStudent, status: 'present' | 'absent'): Promise<boolean> {
    if (!student.session_id) {
      toast.error(M.sessionIdMissing);
      return false;
    }
    try {
      const res = await mutation.mutateAsync({ student_id: student.student_id, session_id: student.session_id, status });
      toast.success(M.updated(res.message));
      return true;
    } catch (err) {
      toast.error(errorText(err, M.updateFailed));
      return false;
    }
  }

  return { mark, pending: mutation.isPending };
}
