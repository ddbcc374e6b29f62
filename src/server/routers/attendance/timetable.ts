import { ZIdInput, ZRoomInput, ZSlotInput, ZTimetableScope } from '@shared/schemas/attendance/timetable';
import { addRoom, addSlot, listTimetable, removeRoom, removeSlot, startSessionFromSlot } from '@server/services/attendance/index';
import { router } from '@server/trpc';
import { staffProcedure } from '../tiers';

/** A teacher's own department, an administrator's any (the services check which). */
/** Issue 39's timetable: rooms, weekly slots, and Start on one of today's slots. */
export const timetableRouter = router({
  list: staffProcedure.input(ZTimetableScope).query(({ ctx, input }) => listTimetable(ctx, ctx.user, input.department_id)),
  addRoom: staffProcedure.input(ZRoomInput).mutation(({ ctx, input }) => addRoom(ctx, ctx.user, input)),
  removeRoom: staffProcedure.input(ZIdInput).mutation(({ ctx, input }) => removeRoom(ctx, ctx.user, input.id)),
  addSlot: staffProcedure.input(ZSlotInput).mutation(({ ctx, input }) => addSlot(ctx, ctx.user, input)),
  removeSlot: staffProcedure.input(ZIdInput).mutation(({ ctx, input }) => removeSlot(ctx, ctx.user, input.id)),
  startSlot: staffProcedure.input(ZIdInput).mutation(({ ctx, input }) => startSessionFromSlot(ctx, ctx.user, input.id)),
});
