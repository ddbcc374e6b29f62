import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { refusalText } from '@/lib/api/server-errors';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';

export type Timetable = RouterOutputs['timetable']['list'];
export type Slot = Timetable['slots'][number];

/** The caller's department's timetable and the changes to it, each refreshing the list (and the session on Start). */
export function useTimetable() {
  const utils = trpc.useUtils();
  const list = trpc.timetable.list.useQuery({}, { staleTime: 0 });
  const refresh = () => utils.timetable.list.invalidate();
  const failed = (fallback: string) => (err: unknown) => toast.error(refusalText(err, fallback));
  const startSlot = trpc.timetable.startSlot.useMutation({
    onSuccess: async () => {
      toast.success(MSG.timetable.started);
      await Promise.all([refresh(), utils.teacher.invalidate()]);
    },
    onError: failed(MSG.timetable.startFailed),
  });
  const removed = async () => {
    toast.success(MSG.timetable.removed);
    await refresh();
  };
  const removeSlot = trpc.timetable.removeSlot.useMutation({ onSuccess: removed, onError: failed(MSG.timetable.removeFailed) });
  const removeRoom = trpc.timetable.removeRoom.useMutation({ onSuccess: removed, onError: failed(MSG.timetable.removeFailed) });
  return { list, refresh, startSlot, removeSlot, removeRoom };
}
