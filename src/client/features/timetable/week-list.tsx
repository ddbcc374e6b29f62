import { Play, Trash2 } from 'lucide-react';
import { MSG } from '@shared/messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { Slot, Timetable } from './use-timetable';

/**
 * The week, a day a block from Monday: each class's time, room and teacher; today's with Start (one tap: the room's
 * place, the class's length), or what became of it today.
 */
export function WeekList({
  timetable,
  onStart,
  onRemove,
  busy,
}: {
  timetable: Timetable;
  onStart: (slot: Slot) => void;
  onRemove: (slot: Slot) => void;
  busy: boolean;
}) {
  if (timetable.slots.length === 0) return <p className="text-sm text-muted-foreground">{MSG.timetable.empty}</p>;
  const days = MSG.timetable.weekdays.map((name, i) => ({ name, weekday: i + 1, slots: timetable.slots.filter((s) => s.weekday === i + 1) }));
  return (
    <ol className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="timetable-week">
      {days
        .filter((d) => d.slots.length > 0)
        .map((d) => (
          <li key={d.weekday} className={cn('rounded-lg border p-3', d.weekday === timetable.today_weekday && 'border-primary bg-primary/5')}>
            <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
              {d.name}
              {d.weekday === timetable.today_weekday && <Badge>{MSG.timetable.today}</Badge>}
            </h3>
            <ul className="grid gap-2">
              {d.slots.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="timetable-slot">
                  <div className="min-w-0">
                    <p className="text-sm font-medium tabular-nums">{MSG.timetable.slotLine(s.start_time, s.end_time, s.length_minutes)}</p>
                    <p className="truncate text-xs text-muted-foreground">{MSG.timetable.slotRoom(s.room_name, s.teacher_name)}</p>
                  </div>
                  <div className="flex items-center gap-1">
                    {s.today === 'none' && (
                      <Button size="sm" disabled={busy} onClick={() => onStart(s)} aria-label={MSG.timetable.startAria(s.room_name, s.start_time)}>
                        <Play aria-hidden />
                        {MSG.timetable.start}
                      </Button>
                    )}
                    {s.today === 'open' && <Badge variant="secondary">{MSG.timetable.open}</Badge>}
                    {s.today === 'held' && <Badge variant="outline">{MSG.timetable.taken}</Badge>}
                    <Button
                      size="icon"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => onRemove(s)}
                      aria-label={MSG.timetable.removeSlotAria(d.name, s.start_time)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </li>
        ))}
    </ol>
  );
}
