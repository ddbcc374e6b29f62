import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** Deeper than any input of ours (a tRPC batch adds two levels): past it a body is refused before it is parsed. */
export const MAX_JSON_DEPTH = 32;
/** Every JSON body but uploads is small: a login, a position, a list of ids. */
export const JSON_LIMIT = '16kb';

/** The greatest nesting of arrays and objects in a JSON text, counted without parsing it (strings skipped). */
export function jsonDepth(buf: Buffer | string, stopAbove = Number.POSITIVE_INFINITY): number {
  const text = typeof buf === 'string' ? buf : buf.toString('latin1');
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) max = depth;
      if (max > stopAbove) return max;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

function rejectDeepJson(_req: unknown, _res: unknown, buf: Buffer) {
  if (jsonDepth(buf, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw Object.assign(new Error('JSON nested too deeply'), { status: 400, type: 'json.too.deep' });
  }
}

const JSON_LIMIT_BYTES = 16 * 1024;

/**
 * A body that declares more than the limit is answered 413 at once, before a byte of it is read or parsed (Node then
 * discards the rest); body-parser would read it all first. Chunked bodies without a length are cut by its own limit.
 */
function refuseDeclaredOversize(req: Request, _res: Response, next: NextFunction) {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared <= JSON_LIMIT_BYTES) return next();
  next(Object.assign(new Error('request entity too large'), { status: 413, type: 'entity.too.large' }));
}

/** express.json with a small size limit and a nesting limit checked on the raw bytes first. */
export const jsonBody = (): RequestHandler => {
  const parse = express.json({ limit: JSON_LIMIT, verify: rejectDeepJson });
  return (req, res, next) => refuseDeclaredOversize(req, res, (err?: unknown) => (err ? next(err) : parse(req, res, next)));
};

/**
 * The same limits in front of tRPC, whose own parser reads up to its maxBodySize: a non-multipart body is read here
 * as text (tRPC then uses req.body), so a JSON body is at most JSON_LIMIT and MAX_JSON_DEPTH deep whatever its
 * content type says. Multipart bodies are for the upload procedures app.ts names only.
 */
export function trpcBodyLimits(uploadPaths: string[]): RequestHandler {
  const text = express.text({ type: () => true, limit: JSON_LIMIT, verify: rejectDeepJson });
  return (req, res, next) => {
    if (/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
      if (uploadPaths.includes(req.path)) return next();
      return next(Object.assign(new Error('multipart body to a JSON procedure'), { status: 415 }));
    }
    refuseDeclaredOversize(req, res, (err?: unknown) => (err ? next(err) : text(req, res, next)));
  };
}
