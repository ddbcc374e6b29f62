import type { IncomingHttpHeaders } from 'node:http';
import { DEVICE_COOKIE } from '@server/auth/device-cookie';
import { parseCookies } from './cookies';
import { userAgentOf } from './user-agent';

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
