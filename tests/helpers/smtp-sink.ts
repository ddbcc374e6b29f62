import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * A real SMTP server on an ephemeral port that keeps what it is sent, for the notices' sender to talk to. refuse(n,
 * code) answers the next n messages with that reply code (451: try later; 550: never), as a mail server does.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let refusals: { left: number; code: number } = { left: 0, code: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals.left > 0) {
          refusals.left--;
          const err = Object.assign(new Error(refusals.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: refusals.code });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head, ...body] = raw.split(/\r?\n\r?\n/);
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)?.[1].replace(/\r?\n[ \t]/g, ' ') ?? '';
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, text: body.join('\n\n') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(count: number, code: number) {
      refusals = { left: count, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
