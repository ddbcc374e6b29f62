import { Router } from 'express';
import { z } from 'zod';
import { ROLES } from '@shared/constants';
import { ZAdminCreateUser, ZAdminUpdateUser, ZDeleteConfirm, ZUserId } from '@shared/schemas/admin';
import type { AppDeps } from '@server/deps';
import { jsonBody } from '@server/lib/http/json-limits';
import { parseInput } from '@server/lib/errors';
import { createUserByAdmin, listUsers, updateUserByAdmin, deleteUserCascade, deletionPreview } from '@server/services/accounts/index';
import { handle, requireUser, userOf } from '../http';

const ZRoleQuery = z.object({ role: z.enum(ROLES).optional() });
const idOf = (params: unknown) => parseInput(z.object({ id: ZUserId }), params).id;

/** SPEC 7's admin user calls: list, add, edit (changed fields only), deletion preview and cascade delete. */
export function adminUserRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireUser(deps, 'admin');
  const json = jsonBody();

  r.get(
    '/admin/users',
    admin,
    handle(async (req, res) => res.json(await listUsers(deps, parseInput(ZRoleQuery, req.query)))),
  );
  r.post(
    '/admin/users',
    admin,
    json,
    handle(async (req, res) => {
      res.status(201).json(await createUserByAdmin(deps, parseInput(ZAdminCreateUser, req.body)));
    }),
  );
  r.put(
    '/admin/users/:id',
    admin,
    json,
    handle(async (req, res) => {
      res.json(await updateUserByAdmin(deps, userOf(req), idOf(req.params), parseInput(ZAdminUpdateUser, req.body)));
    }),
  );
  r.get(
    '/admin/users/:id/manage',
    admin,
    handle(async (req, res) => res.json(await deletionPreview(deps, idOf(req.params)))),
  );
  r.post(
    '/admin/users/:id/manage',
    admin,
    json,
    handle(async (req, res) => {
      const id = idOf(req.params);
      parseInput(ZDeleteConfirm, req.body);
      res.json(await deleteUserCascade(deps, userOf(req), id));
    }),
  );
  return r;
}
