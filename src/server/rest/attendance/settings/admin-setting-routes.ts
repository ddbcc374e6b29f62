import { type Request, Router } from 'express';
import type { ZodType } from 'zod';
import type { AppDeps } from '@server/deps';
import { parseInput } from '@server/lib/errors';
import { jsonBody } from '@server/lib/http/json-limits';
import { type AuthedRequest, handle, requireUser } from '@server/rest/http';

/** How one admin setting is read, checked and replaced; `req` for a setting that depends on the caller (its address). */
export interface AdminSetting<S extends ZodType> {
  read(req: Request): Promise<unknown>;
  input: S;
  write(input: S['_output'], req: AuthedRequest): Promise<unknown>;
}

/** One admin setting's door at `path`: GET answers what `read` gives, PUT (a JSON body) what `write` gives; both admin only. */
export function adminSettingRoutes<S extends ZodType>(deps: AppDeps, path: string, setting: AdminSetting<S>): Router {
  const r = Router();
  const admin = requireUser(deps, 'admin');
  r.get(
    path,
    admin,
    handle(async (req, res) => res.json(await setting.read(req))),
  );
  r.put(
    path,
    admin,
    jsonBody(),
    handle(async (req, res) => res.json(await setting.write(parseInput(setting.input, req.body), req as AuthedRequest))),
  );
  return r;
}
