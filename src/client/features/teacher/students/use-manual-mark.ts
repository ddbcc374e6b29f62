import type { AttendanceStatus } from '@shared/attendance/attendance-status';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import type { SessionStudent } from '../teacher-queries';

/** teacher.markManual; needs the row's session id (SPEC 5). Resolves true on success. */
export function useManualMark() {
  const utils = trpc.useUtils();
  const mutation = trpc.teacher.markManual.useMutation({ onSuccess: () => utils.teacher.invalidate() });

  async function mark(student: SessionStudent, status: AttendanceStatus): Promise<boolean> {
    if (!student.session_id) {
      toast.error(MSG.teacher.sessionIdMissing);
      return false;
    }
    try {
      const res = await mutation.mutateAsync({ student_id: student.student_id, session_id: student.session_id, status });
      if (res.changed) toast.success(MSG.teacher.updated(res.message));
      else toast.info(res.message);
      return true;
    } catch (err) {
      toast.error(refusalText(err, MSG.teacher.updateFailed));
      return false;
    }
  }

  return { mark, pending: mutation.isPending };
}
