import type { Router } from 'express';
import { ZMapTilesInput } from '@shared/schemas/attendance/class-tools';
import type { AppDeps } from '@server/deps';
import { mapTilesForAdmin, setMapTiles } from '@server/services/attendance/index';
import { adminSettingRoutes } from './admin-setting-routes';

/** The session map's tile server (issue 22): `{ url_template, default_url, updated_at, updated_by }`; PUT null for no map. */
export function adminMapTileRoutes(deps: AppDeps): Router {
  return adminSettingRoutes(deps, '/admin/map_tiles', {
    read: () => mapTilesForAdmin(deps),
    input: ZMapTilesInput,
    write: ({ url_template }, req) => setMapTiles(deps, req.user, url_template),
  });
}
