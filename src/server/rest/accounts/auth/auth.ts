import { Router } from 'express';
import { ZLoginInput } from '@shared/schemas/accounts/auth';
import { DEVICE_COOKIE } from '@server/auth/device-cookie';
import type { AppDeps } from '@server/deps';
import { deviceCookieHeader, parseCookies } from '@server/lib/http/cookies';
import { jsonBody } from '@server/lib/http/json-limits';
import { parseInput } from '@server/lib/errors';
import { receiveRegistration } from '@server/lib/http/uploads';
import { login, logout, registerUser } from '@server/services/accounts/index';
import { handle, requireUser, userOf } from '@server/rest/http';

/** POST /api/login, POST /api/logout and POST /api/register: thin adapters over services/accounts (auth.ts, registration.ts). */
export function authRoutes(deps: AppDeps): Router {
  const r = Router();
  r.post(
    '/login',
    jsonBody(),
    handle(async (req, res) => {
      const input = parseInput(ZLoginInput, req.body, 'VALIDATION_ERROR');
      const { token, deviceCookie } = await login(deps, input, { ip: req.ip ?? 'unknown', deviceCookie: parseCookies(req.headers.cookie)[DEVICE_COOKIE] });
      res.append('Set-Cookie', deviceCookieHeader(deviceCookie, req.secure));
      res.json({ success: true, token });
    }),
  );
  r.post(
    '/logout',
    requireUser(deps),
    handle(async (req, res) => res.json(await logout(deps, userOf(req).id))),
  );
  // counted before a byte of the upload is read
  r.post(
    '/register',
    handle(async (req, res) => {
      const ip = req.ip ?? 'unknown';
      await deps.registrations.consume(ip);
      const { fields, files } = await receiveRegistration(req, res);
      res.status(201).json({ success: true, ...(await registerUser(deps, fields, files, { ip })) });
    }),
  );
  return r;
}
