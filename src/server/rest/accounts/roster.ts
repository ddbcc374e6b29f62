import { Router } from 'express';
import { ZRenewInvitationInput } from '@shared/schemas/accounts/roster';
import type { AppDeps } from '@server/deps';
import { parseInput } from '@server/lib/errors';
import { originOf } from '@server/lib/http/caller';
import { receiveRegistration, receiveRosterCsv } from '@server/lib/http/uploads';
import { importRoster, invitationDetails, listOpenInvitations, previewRoster, registerFromInvitation, renewInvitation } from '@server/services/accounts/index';
import { handle, requireUser, userOf } from '../http';

/**
 * Issue 39, the roster import: a teacher (own department) or an admin previews and imports a roster CSV (multipart
 * field `file`), lists the students who have not enrolled and makes a new link; the invited student opens their
 * invitation and completes registration with a password and three photos (field `images`), without signing in.
 * tRPC twins in routers/accounts/roster.ts and routers/accounts/invitation.ts.
 */
export function rosterRoutes(deps: AppDeps): Router {
  const r = Router();
  const staff = requireUser(deps, 'teacher', 'admin');

  r.post(
    '/roster/preview',
    staff,
    handle(async (req, res) => res.json(await previewRoster(deps, userOf(req), await receiveRosterCsv(req, res)))),
  );
  r.post(
    '/roster/import',
    staff,
    handle(async (req, res) => res.json(await importRoster(deps, userOf(req), await receiveRosterCsv(req, res), originOf(req)))),
  );
  r.get(
    '/roster/invitations',
    staff,
    handle(async (req, res) => res.json(await listOpenInvitations(deps, userOf(req)))),
  );
  r.post(
    '/roster/invitations/:user_id/renew',
    staff,
    handle(async (req, res) => {
      const { user_id } = parseInput(ZRenewInvitationInput, req.params);
      res.json(await renewInvitation(deps, userOf(req), user_id, originOf(req)));
    }),
  );
  r.get(
    '/invitations/:token',
    handle(async (req, res) => res.json(await invitationDetails(deps, req.params.token))),
  );
  // counted before a byte of the upload is read, as registration is
  r.post(
    '/invitations/:token/register',
    handle(async (req, res) => {
      const ip = req.ip ?? 'unknown';
      await deps.registrations.consume(ip);
      const { fields, files } = await receiveRegistration(req, res);
      res.json({ success: true, ...(await registerFromInvitation(deps, req.params.token, fields, files, { ip })) });
    }),
  );
  return r;
}
