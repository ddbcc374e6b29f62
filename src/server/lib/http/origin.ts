import type { Request } from 'express';

/**
 * The origin the caller reached us at, for links we hand out: protocol and host as Express reads them (behind a proxy,
 * X-Forwarded-Proto and X-Forwarded-Host when TRUST_PROXY lets it; Express 5's req.host keeps the port).
 */
export const originOf = (req: Pick<Request, 'protocol' | 'host'>) => `${req.protocol}://${req.host ?? 'localhost'}`;
