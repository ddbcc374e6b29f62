import type { Router } from 'express';
import { ZCampusNetworksInput } from '@shared/schemas/attendance/campus-networks';
import type { AppDeps } from '@server/deps';
import { callerOf } from '@server/lib/http/caller';
import { campusNetworksFor, setCampusNetworks } from '@server/services/attendance/index';
import { adminSettingRoutes } from './admin-setting-routes';

/** The campus networks (issue 19): `{ networks, source, your_address }` on GET, the whole list replaced by PUT. */
export function adminCampusNetworkRoutes(deps: AppDeps): Router {
  return adminSettingRoutes(deps, '/admin/campus_networks', {
    read: (req) => campusNetworksFor(deps, callerOf(req).ip),
    input: ZCampusNetworksInput,
    write: ({ networks }, req) => setCampusNetworks(deps, req.user, networks, callerOf(req).ip),
  });
}
