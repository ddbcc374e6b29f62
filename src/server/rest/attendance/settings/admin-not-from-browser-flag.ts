import type { Router } from 'express';
import { ZNotFromBrowserFlagInput } from '@shared/schemas/attendance/not-from-browser-flag';
import type { AppDeps } from '@server/deps';
import { notFromBrowserFlagForAdmin, setNotFromBrowserFlag } from '@server/services/attendance/index';
import { adminSettingRoutes } from './admin-setting-routes';

/** The 'not from a browser' flag (issue 35): `{ enabled, updated_at, updated_by }` on GET; PUT `{ enabled }`. */
export function adminNotFromBrowserFlagRoutes(deps: AppDeps): Router {
  return adminSettingRoutes(deps, '/admin/not_from_browser_flag', {
    read: () => notFromBrowserFlagForAdmin(deps),
    input: ZNotFromBrowserFlagInput,
    write: ({ enabled }, req) => setNotFromBrowserFlag(deps, req.user, enabled),
  });
}
