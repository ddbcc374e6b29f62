import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { type TSlotInput, ZSlotInput } from '@shared/schemas/attendance/timetable';
import { FormFieldItem } from '@/components/form-field-item';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { NumberInput } from './number-input';
import type { Timetable } from './use-timetable';

/** Adds a weekly class: day, start, length, room and teacher (the caller unless another of the department is chosen). */
export function SlotForm({ timetable, onAdded }: { timetable: Timetable; onAdded: () => void }) {
  const form = useForm<TSlotInput>({
    resolver: zodResolver(ZSlotInput),
    defaultValues: {
      room_id: timetable.rooms[0]?.id ?? Number.NaN,
      weekday: timetable.today_weekday,
      start_time: '09:00',
      length_minutes: 60,
      room_code: true,
    },
  });
  const add = trpc.timetable.addSlot.useMutation({
    onSuccess: () => {
      toast.success(MSG.timetable.slotAdded);
      onAdded();
    },
    onError: (err) => toast.error(refusalText(err, MSG.timetable.slotFailed)),
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit((values) => add.mutate(values))} className="grid gap-3" aria-label={MSG.timetable.addSlot}>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FormFieldItem control={form.control} name="weekday" label={MSG.timetable.weekday}>
            {(field) => (
              <NativeSelect value={field.value} onChange={(e) => field.onChange(Number(e.target.value))} name={field.name} ref={field.ref}>
                {MSG.timetable.weekdays.map((d, i) => (
                  <option key={d} value={i + 1}>
                    {d}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormFieldItem>
          <FormFieldItem control={form.control} name="start_time" label={MSG.timetable.startTime}>
            {(field) => <Input type="time" {...field} />}
          </FormFieldItem>
          <FormFieldItem control={form.control} name="length_minutes" label={MSG.timetable.length}>
            {(field) => <NumberInput step={5} {...field} />}
          </FormFieldItem>
          <FormFieldItem control={form.control} name="room_id" label={MSG.timetable.room}>
            {(field) => (
              <NativeSelect
                value={Number.isNaN(field.value) ? '' : field.value}
                onChange={(e) => field.onChange(Number(e.target.value))}
                name={field.name}
                ref={field.ref}
              >
                {timetable.rooms.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormFieldItem>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Checkbox id="slot-room-code" checked={form.watch('room_code') !== false} onCheckedChange={(v) => form.setValue('room_code', v === true)} />
            <Label htmlFor="slot-room-code">{MSG.timetable.roomCode}</Label>
          </div>
          <Button type="submit" disabled={add.isPending || timetable.rooms.length === 0}>
            <Plus aria-hidden />
            {MSG.timetable.addSlot}
          </Button>
        </div>
      </form>
    </Form>
  );
}
