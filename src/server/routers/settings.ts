import { ZMapTilesInput } from '../../shared/schemas/attendance/class-tools';
import { mapTilesForAdmin, setMapTiles } from '../services/attendance/index';
import { roleProcedure, router } from '../trpc';

const admin = roleProcedure('admin');

/** Settings an administrator changes in the app (app_settings); REST twins in rest/attendance/settings/admin-map-tiles.ts. */
export const settingsRouter = router({
  mapTiles: admin.query(({ ctx }) => mapTilesForAdmin(ctx)),
  setMapTiles: admin.input(ZMapTilesInput).mutation(({ ctx, input }) => setMapTiles(ctx, ctx.user, input.url_template)),
});
