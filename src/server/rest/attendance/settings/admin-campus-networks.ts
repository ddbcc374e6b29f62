import { Router } from 'express';
import { ZCampusNetworksInput } from '@shared/schemas/attendance/campus-networks';
import type { AppDeps } from '@server/deps';
import { callerOf } from '@server/lib/http/caller';
import { parseInput } from '@server/lib/errors';
import { jsonBody } from '@server/lib/http/json-limits';
import { campusNetworksFor, setCampusNetworks } from '@server/services/attendance/index';
import { type AuthedRequest, handle, requireUser } from '@server/rest/http';

/** The campus networks (issue 19): `{ networks, source, your_address }` on GET, the whole list replaced by PUT. */
export function adminCampusNetworkRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireUser(deps, 'admin');
  r.get(
    '/admin/campus_networks',
    admin,
    handle(async (req, res) => res.json(await campusNetworksFor(deps, callerOf(req).ip))),
  );
  r.put(
    '/admin/campus_networks',
    admin,
    jsonBody(),
    handle(async (req, res) => {
      const { networks } = parseInput(ZCampusNetworksInput, req.body);
      res.json(await setCampusNetworks(deps, (req as AuthedRequest).user, networks, callerOf(req).ip));
    }),
  );
  return r;
}
