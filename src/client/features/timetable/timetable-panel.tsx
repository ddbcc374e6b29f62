import { CalendarDays, DoorOpen, Trash2 } from 'lucide-react';
import { MSG } from '@shared/messages';
import { LoadingSkeleton, QueryError } from '@/components/app-state/query-state';
import { RegionCard } from '@/components/region-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { RoomForm } from './room-form';
import { SlotForm } from './slot-form';
import { useTimetable } from './use-timetable';
import { WeekList } from './week-list';

/** The teacher's Timetable tab: the department's week with Start on today's classes, then its rooms and a new class. */
export function TimetablePanel({ onStarted }: { onStarted: () => void }) {
  const { list, refresh, startSlot, removeSlot, removeRoom } = useTimetable();
  const busy = startSlot.isPending || removeSlot.isPending || removeRoom.isPending;
  const data = list.data;
  return (
    <div className="grid gap-4">
      <RegionCard id="timetable-title" icon={CalendarDays} title={MSG.timetable.title} description={MSG.timetable.intro} contentClassName="grid gap-4">
        {list.isError ? (
          <QueryError query={list} message={MSG.timetable.loadFailed} />
        ) : !data ? (
          <LoadingSkeleton>
            <Skeleton className="h-32 w-full" />
          </LoadingSkeleton>
        ) : (
          <>
            <WeekList
              timetable={data}
              busy={busy}
              onStart={(s) => startSlot.mutate({ id: s.id }, { onSuccess: onStarted })}
              onRemove={(s) => removeSlot.mutate({ id: s.id })}
            />
            {data.rooms.length > 0 && <SlotForm key={data.rooms.length} timetable={data} onAdded={() => void refresh()} />}
          </>
        )}
      </RegionCard>
      <RegionCard id="rooms-title" icon={DoorOpen} title={MSG.timetable.rooms} description={MSG.timetable.roomsIntro} contentClassName="grid gap-4">
        {data && data.rooms.length === 0 && <p className="text-sm text-muted-foreground">{MSG.timetable.noRooms}</p>}
        {data && data.rooms.length > 0 && (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="timetable-rooms">
            {data.rooms.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-2 rounded-lg border p-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium">{r.name}</span>
                  <span className="block truncate text-xs text-muted-foreground tabular-nums">
                    {r.latitude.toFixed(5)}, {r.longitude.toFixed(5)} · {r.radius_m} m
                  </span>
                </span>
                <Button
                  size="icon"
                  variant="ghost"
                  disabled={busy}
                  onClick={() => removeRoom.mutate({ id: r.id })}
                  aria-label={MSG.timetable.removeRoomAria(r.name)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <RoomForm onAdded={() => void refresh()} />
      </RegionCard>
    </div>
  );
}
