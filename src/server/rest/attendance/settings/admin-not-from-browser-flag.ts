import { Router } from 'express';
import { ZNotFromBrowserFlagInput } from '@shared/schemas/attendance/not-from-browser-flag';
import type { AppDeps } from '@server/deps';
import { parseInput } from '@server/lib/errors';
import { jsonBody } from '@server/lib/http/json-limits';
import { notFromBrowserFlagForAdmin, setNotFromBrowserFlag } from '@server/services/attendance/index';
import { type AuthedRequest, handle, requireUser } from '@server/rest/http';

/** The 'not from a browser' flag (issue 35): `{ enabled, updated_at, updated_by }` on GET; PUT `{ enabled }`. */
export function adminNotFromBrowserFlagRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireUser(deps, 'admin');
  r.get(
    '/admin/not_from_browser_flag',
    admin,
    handle(async (_req, res) => res.json(await notFromBrowserFlagForAdmin(deps))),
  );
  r.put(
    '/admin/not_from_browser_flag',
    admin,
    jsonBody(),
    handle(async (req, res) => {
      const { enabled } = parseInput(ZNotFromBrowserFlagInput, req.body);
      res.json(await setNotFromBrowserFlag(deps, (req as AuthedRequest).user, enabled));
    }),
  );
  return r;
}
