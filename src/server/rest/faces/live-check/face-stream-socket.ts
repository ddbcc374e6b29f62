import type { IncomingMessage, Server } from 'node:http';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { FACE_STREAM_HELLO_MS, FACE_STREAM_PATH, type FaceStreamServerMessage, ZFaceStreamClientMessage } from '@shared/face/face-stream';
import { MSG } from '@shared/messages';
import { authenticate } from '@server/auth/authenticate';
import { DEVICE_COOKIE } from '@server/auth/device-cookie';
import { parseCookies } from '@server/lib/http/cookies';
import type { AppDeps } from '@server/deps';
import { DomainError, HTTP_STATUS } from '@server/lib/errors';
import { logger } from '@server/lib/logger';
import { refuseOffCampus } from '@server/services/attendance/index';
import { LiveCheck } from '@server/services/faces/index';

/** One recorder chunk at a 250-ms timeslice is tens of kB; a message past this is not a camera's. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * The live face check's door (issue 33): a WebSocket at FACE_STREAM_PATH on the app's own server and port. The
 * first message carries the login (a browser cannot set headers on a WebSocket; a token in the URL would reach
 * logs); then binary messages are the recorder's chunks and the check (services/faces/check/live-check.ts) answers
 * on the same socket. Any other upgrade request is refused.
 */
export function attachFaceStream(
  server: Server,
  deps: AppDeps,
  addressOf: (req: IncomingMessage) => string = (req) => req.socket.remoteAddress ?? 'unknown',
): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== FACE_STREAM_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, { ip: addressOf(req), deviceCookie: parseCookies(req.headers.cookie)[DEVICE_COOKIE] }, deps));
  });
  // A stream holds its socket until its verdict: stopping the server ends the streams (each an abandoned try).
  const close = server.close.bind(server);
  server.close = ((cb?: (err?: Error) => void) => {
    for (const client of wss.clients) client.terminate();
    wss.close();
    return close(cb);
  }) as typeof server.close;
}

function serve(ws: WebSocket, caller: { ip: string; deviceCookie?: string }, deps: AppDeps) {
  const send = (msg: FaceStreamServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };
  const io = { send, close: () => ws.close(1000) };
  const refuse = (status: number, error_code: string, message: string) => {
    send({ type: 'refused', status, error_code, message });
    ws.close(1000);
  };
  let check: LiveCheck | null = null;
  let starting = false;
  // chunks sent between `ready` and this side knowing the check (a fast page on a slow start)
  const early: Buffer[] = [];
  const hello = setTimeout(() => refuse(408, 'not_started', MSG.faceChallenge.notStarted), FACE_STREAM_HELLO_MS);
  ws.on('message', (data: RawData, isBinary: boolean) => {
    if (isBinary) {
      if (check) check.chunk(toBuffer(data));
      else if (starting) early.push(toBuffer(data));
      else refuse(400, 'bad_message', MSG.faceChallenge.badMessage);
      return;
    }
    const parsed = ZFaceStreamClientMessage.safeParse(parseJson(data));
    if (!parsed.success) return refuse(400, 'bad_message', MSG.faceChallenge.badMessage);
    const msg = parsed.data;
    if (msg.type === 'start') {
      if (starting || check) return refuse(400, 'bad_message', MSG.faceChallenge.badMessage);
      starting = true;
      clearTimeout(hello);
      void (async () => {
        const user = await authenticate(deps, `Bearer ${msg.token}`);
        if (!user) return refuse(401, 'unauthorized', MSG.auth.unauthorized);
        // issue 35: with campus networks set, the face check too must come from one of them (before a camera starts)
        const offCampus = await refuseOffCampus(deps, caller.ip).then(
          () => null,
          (err: unknown) => err,
        );
        if (offCampus instanceof DomainError) return refuse(HTTP_STATUS[offCampus.kind], offCampus.details.errorCode ?? 'refused', offCampus.message);
        if (offCampus) throw offCampus;
        check = await LiveCheck.start(deps, user, io, caller);
        for (const chunk of early.splice(0)) check?.chunk(chunk);
        if (check && ws.readyState !== ws.OPEN) check.closed();
      })().catch((err) => {
        logger.error({ err }, 'face: live check start');
        refuse(500, 'internal', MSG.server.internal);
      });
    } else if (!check) refuse(400, 'bad_message', MSG.faceChallenge.badMessage);
    else if (msg.type === 'done') check.done();
    else check.end();
  });
  ws.on('close', () => {
    clearTimeout(hello);
    check?.closed();
  });
  ws.on('error', () => ws.terminate());
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function parseJson(data: RawData): unknown {
  try {
    return JSON.parse(toBuffer(data).toString('utf8'));
  } catch {
    return null;
  }
}
