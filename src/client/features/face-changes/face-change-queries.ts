import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';

export type PendingFaceChange = RouterOutputs['teacher']['pendingFaceChanges'][number];
export type FaceChangeStep = RouterOutputs['teacher']['faceChangeHistory'][number];

/** Pending face changes in the caller's scope; refetched with every teacher query after a change. */
export const usePendingFaceChanges = () => trpc.teacher.pendingFaceChanges.useQuery(undefined, { staleTime: 0 });

export const useFaceChangeHistory = (studentId: number | null) =>
  trpc.teacher.faceChangeHistory.useQuery({ student_id: studentId ?? 0 }, { enabled: studentId !== null, staleTime: 0 });

/** teacher.decideFaceChange: a toast with the server's answer; resolves true on success. */
export function useDecideFaceChange() {
  const utils = trpc.useUtils();
  const mutation = trpc.teacher.decideFaceChange.useMutation({ onSettled: () => utils.teacher.invalidate() });
  async function decide(changeId: number, decision: 'approve' | 'decline', note?: string, confirmMismatch?: boolean): Promise<boolean> {
    try {
      const res = await mutation.mutateAsync({ change_id: changeId, decision, note: note || undefined, confirm_mismatch: confirmMismatch || undefined });
      toast.success(res.message);
      return true;
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MSG.server.internal);
      return false;
    }
  }
  return { decide, pending: mutation.isPending };
}
