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
import { roleProcedure, router } from '@server/trpc';

const admin = roleProcedure('admin');

/**
 * Settings an administrator changes in the app (app_settings); REST twins in rest/attendance/settings/
 * (admin-map-tiles.ts, admin-not-from-browser-flag.ts).
 */
export const settingsRouter = router({
  mapTiles: admin.query(({ ctx }) => mapTilesForAdmin(ctx)),
  setMapTiles: admin.input(ZMapTilesInput).mutation(({ ctx, input }) => setMapTiles(ctx, ctx.user, input.url_template)),
  notFromBrowserFlag: admin.query(({ ctx }) => notFromBrowserFlagForAdmin(ctx)),
  setNotFromBrowserFlag: admin.input(ZNotFromBrowserFlagInput).mutation(({ ctx, input }) => setNotFromBrowserFlag(ctx, ctx.user, input.enabled)),
  /** Issue 39: whether timetable slots open their sessions by themselves. */
  timetableAutoOpen: admin.query(({ ctx }) => timetableAutoOpenForAdmin(ctx)),
  setTimetableAutoOpen: admin.input(ZAutoOpenInput).mutation(({ ctx, input }) => setTimetableAutoOpen(ctx, ctx.user, input.enabled)),
});
