import { type Request, type Response, Router } from 'express';
import multer from 'multer';
import { FACE_IMAGES_REQUIRED, MAX_IMAGE_BYTES } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { ZLoginInput } from '../../../../shared/schemas/accounts/auth';
import { DEVICE_COOKIE } from '../../../auth/device-cookie';
import type { AppDeps } from '../../../deps';
import { deviceCookieHeader, parseCookies } from '../../../lib/http/cookies';
import { jsonBody } from '../../../lib/http/json-limits';
import { DomainError, parseInput } from '../../../lib/errors';
import { login, logout, registerUser } from '../../../services/accounts/index';
import { type AuthedRequest, handle, requireUser, sendError } from '../../http';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: FACE_IMAGES_REQUIRED, fields: 12, fieldSize: 4096 },
}).array('images', FACE_IMAGES_REQUIRED);

const MULTER_MESSAGES: Record<string, string> = {
  LIMIT_FILE_SIZE: MSG.register.imagesTooLarge,
  LIMIT_FILE_COUNT: MSG.validation.imagesRequired,
  LIMIT_UNEXPECTED_FILE: MSG.validation.imagesRequired,
};

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
    handle(async (req, res) => res.json(await logout(deps, (req as AuthedRequest).user.id))),
  );
  r.post('/register', (req, res) => {
    deps.registrations.consume(req.ip ?? 'unknown').then(
      () => receiveRegistration(req, res),
      (e) => sendError(res, e),
    );
  });
  const receiveRegistration = (req: Request, res: Response) =>
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        return sendError(res, new DomainError('VALIDATION', MULTER_MESSAGES[err.code] ?? MSG.server.validation));
      }
      if (err) return sendError(res, new DomainError('VALIDATION', MSG.server.validation));
      const files = ((req.files as Express.Multer.File[]) ?? []).map((f) => ({ buffer: f.buffer, size: f.size }));
      registerUser(deps, req.body ?? {}, files, { ip: req.ip ?? 'unknown' })
        .then((result) => res.status(201).json({ success: true, ...result }))
        .catch((e) => sendError(res, e));
    });
  return r;
}
