import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';
import { DEVICE_COOKIE } from '@server/auth/device-cookie';
import { parseCookies } from './cookies';
import { userAgentOf } from './user-agent';

/** What a request says of its sender: who sent it, and the origin it reached us at. */

/** Who sent a request, as recorded with every attempt and mark: the address and the (capped) user agent. */
export interface Caller {
  ip: string;
  userAgent: string;
  /** The rc_device cookie as sent (auth/device-cookie.ts): the server's own word for the browser, when it has one. */
  deviceCookie?: string;
}

export const callerOf = (req: { ip?: string; headers: IncomingHttpHeaders }): Caller => ({
  ip: req.ip ?? 'unknown',
  userAgent: userAgentOf(req.headers['user-agent']),
  deviceCookie: parseCookies(req.headers.cookie)[DEVICE_COOKIE],
});

/**
 * The origin the caller reached us at, for links we hand out: protocol and host as Express reads them (behind a proxy,
 * X-Forwarded-Proto and X-Forwarded-Host when TRUST_PROXY lets it; Express 5's req.host keeps the port).
 */
export const originOf = (req: Pick<Request, 'protocol' | 'host'>) => `${req.protocol}://${req.host ?? 'localhost'}`;
