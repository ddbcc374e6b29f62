import { CalendarClock } from 'lucide-react';
import { MSG } from '@shared/messages';
import { trpc } from '@/lib/api/trpc';
import { SettingSwitchCard } from './setting-switch-card';

const T = MSG.timetable;

/** Issue 39: whether each timetable class opens its session by itself at its start; off by default. */
export function TimetableAutoOpenCard() {
  const utils = trpc.useUtils();
  const save = trpc.settings.setTimetableAutoOpen.useMutation({ onSuccess: (saved) => utils.settings.timetableAutoOpen.setData(undefined, saved) });
  return (
    <SettingSwitchCard
      id="timetable-auto-open"
      titleId="timetable-auto-open-title"
      icon={CalendarClock}
      texts={{
        title: T.autoOpenTitle,
        description: T.autoOpenDescription,
        label: T.autoOpenLabel,
        on: T.autoOpenOn,
        off: T.autoOpenOff,
        saved: T.autoOpenSaved,
        failed: T.autoOpenFailed,
        loadFailed: T.autoOpenLoadFailed,
      }}
      view={trpc.settings.timetableAutoOpen.useQuery()}
      save={save}
    />
  );
}
