import type { IncomingHttpHeaders } from 'node:http';
import { userAgentOf } from './user-agent';

/** Who sent a request, as recorded with every attempt and mark: the address and the (capped) user agent. */
export interface Caller {
  ip: string;
  userAgent: string;
}

export const callerOf = (req: { ip?: string; headers: IncomingHttpHeaders }): Caller => ({
  ip: req.ip ?? 'unknown',
  userAgent: userAgentOf(req.headers['user-agent']),
});
