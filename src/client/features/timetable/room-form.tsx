import { zodResolver } from '@hookform/resolvers/zod';
import { LocateFixed, Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { DEFAULT_RADIUS_M } from '@shared/constants';
import { MSG } from '@shared/messages';
import { type TRoomInput, ZRoomInput } from '@shared/schemas/attendance/timetable';
import { FormFieldItem } from '@/components/form-field-item';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { getCurrentCoords } from '@/lib/device/use-geolocation';
import { NumberInput } from './number-input';

/** Adds a room: its name, centre (typed, or the teacher's own position) and radius. */
export function RoomForm({ onAdded }: { onAdded: () => void }) {
  const form = useForm<TRoomInput>({
    resolver: zodResolver(ZRoomInput),
    defaultValues: { name: '', latitude: Number.NaN, longitude: Number.NaN, radius: DEFAULT_RADIUS_M },
  });
  const add = trpc.timetable.addRoom.useMutation();

  async function here() {
    try {
      const c = await getCurrentCoords();
      form.setValue('latitude', c.latitude, { shouldValidate: true });
      form.setValue('longitude', c.longitude, { shouldValidate: true });
    } catch {
      toast.error(MSG.teacher.locationDenied);
    }
  }

  async function submit(values: TRoomInput) {
    try {
      await add.mutateAsync(values);
      toast.success(MSG.timetable.roomAdded);
      form.reset();
      onAdded();
    } catch (err) {
      toast.error(refusalText(err, MSG.timetable.roomFailed));
    }
  }

  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-3" aria-label={MSG.timetable.addRoom}>
        <FormFieldItem control={form.control} name="name" label={MSG.timetable.roomName}>
          {(field) => <Input autoComplete="off" {...field} />}
        </FormFieldItem>
        <div className="grid gap-3 sm:grid-cols-3">
          <FormFieldItem control={form.control} name="latitude" label={MSG.timetable.latitude}>
            {(field) => <NumberInput step="any" {...field} />}
          </FormFieldItem>
          <FormFieldItem control={form.control} name="longitude" label={MSG.timetable.longitude}>
            {(field) => <NumberInput step="any" {...field} />}
          </FormFieldItem>
          <FormFieldItem control={form.control} name="radius" label={MSG.timetable.radius}>
            {(field) => <NumberInput step={1} {...field} />}
          </FormFieldItem>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={here}>
            <LocateFixed aria-hidden />
            {MSG.timetable.useMyPosition}
          </Button>
          <Button type="submit" disabled={add.isPending}>
            <Plus aria-hidden />
            {MSG.timetable.addRoom}
          </Button>
        </div>
      </form>
    </Form>
  );
}
