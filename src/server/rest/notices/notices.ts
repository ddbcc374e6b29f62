import { Router } from 'express';
import { ZMarkNoticesRead } from '@shared/schemas/notices';
import type { AppDeps } from '@server/deps';
import { parseInput } from '@server/lib/errors';
import { jsonBody } from '@server/lib/http/json-limits';
import { emailDelivery, markNoticesRead, myNotices } from '@server/services/notices/index';
import { handle, requireUser, userOf } from '../http';

/** Issue 39 for other clients: the same services as the notices router (the bell) and admin.emailDelivery. */
export function noticeRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get(
    '/notices',
    requireUser(deps),
    handle(async (req, res) => res.json(await myNotices(deps, userOf(req)))),
  );
  r.post(
    '/notices/read',
    requireUser(deps),
    jsonBody(),
    handle(async (req, res) => res.json(await markNoticesRead(deps, userOf(req), parseInput(ZMarkNoticesRead, req.body).ids))),
  );
  r.get(
    '/admin/email_delivery',
    requireUser(deps, 'admin'),
    handle(async (_req, res) => res.json(await emailDelivery(deps))),
  );
  return r;
}
