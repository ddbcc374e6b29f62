import { ZMapTilesInput } from '@shared/schemas/attendance/class-tools';
import { ZNotFromBrowserFlagInput } from '@shared/schemas/attendance/not-from-browser-flag';
import { ZAutoOpenInput } from '@shared/schemas/attendance/timetable';
import {
  mapTilesForAdmin,
  notFromBrowserFlagForAdmin,
  setMapTiles,
  setNotFromBrowserFlag,
  setTimetableAutoOpen,
  timetableAutoOpenForAdmin,
} from '@server/services/attendance/index';
import { router } from '@server/trpc';
import { adminProcedure } from '../tiers';

/**
 * Settings an administrator changes in the app (app_settings); REST twins in rest/attendance/settings/
 * (admin-map-tiles.ts, admin-not-from-browser-flag.ts).
 */
export const settingsRouter = router({
  mapTiles: adminProcedure.query(({ ctx }) => mapTilesForAdmin(ctx)),
  setMapTiles: adminProcedure.input(ZMapTilesInput).mutation(({ ctx, input }) => setMapTiles(ctx, ctx.user, input.url_template)),
  notFromBrowserFlag: adminProcedure.query(({ ctx }) => notFromBrowserFlagForAdmin(ctx)),
  setNotFromBrowserFlag: adminProcedure.input(ZNotFromBrowserFlagInput).mutation(({ ctx, input }) => setNotFromBrowserFlag(ctx, ctx.user, input.enabled)),
  /** Issue 39: whether timetable slots open their sessions by themselves. */
  timetableAutoOpen: adminProcedure.query(({ ctx }) => timetableAutoOpenForAdmin(ctx)),
  setTimetableAutoOpen: adminProcedure.input(ZAutoOpenInput).mutation(({ ctx, input }) => setTimetableAutoOpen(ctx, ctx.user, input.enabled)),
});
