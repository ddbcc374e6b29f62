import { Router } from 'express';
import { ZMapTilesInput } from '@shared/schemas/attendance/class-tools';
import type { AppDeps } from '@server/deps';
import { parseInput } from '@server/lib/errors';
import { jsonBody } from '@server/lib/http/json-limits';
import { mapTilesForAdmin, setMapTiles } from '@server/services/attendance/index';
import { type AuthedRequest, handle, requireUser } from '@server/rest/http';

/** The session map's tile server (issue 22): `{ url_template, default_url, updated_at, updated_by }`; PUT null for no map. */
export function adminMapTileRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireUser(deps, 'admin');
  r.get(
    '/admin/map_tiles',
    admin,
    handle(async (_req, res) => res.json(await mapTilesForAdmin(deps))),
  );
  r.put(
    '/admin/map_tiles',
    admin,
    jsonBody(),
    handle(async (req, res) => {
      const { url_template } = parseInput(ZMapTilesInput, req.body);
      res.json(await setMapTiles(deps, (req as AuthedRequest).user, url_template));
    }),
  );
  return r;
}
