import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
// The server's type augmentations (app.config), which outbox.ts's own helpers rely on.
import type {} from '../../apps/server/src/app';
import { parseMail, type ReadMail } from '../../apps/server/src/test/outbox';
import { mailDir } from './env';

// The journeys' mail server: a real SMTP peer on 127.0.0.1 (the server sends through SMTP_URL).
// It runs in Playwright's runner process; the journeys run in worker processes, so each message
// it receives is written as one JSON file (StoredMail) to a folder they read, and parsed there
// with the server tests' reader of nodemailer's messages.

type StoredMail = { receivedAt: number; from: string; to: string[]; raw: string };
/** A received message: `to` is the envelope's recipients (lower case), not the To header. */
export type Mail = Omit<ReadMail, 'to'> & { to: string[]; receivedAt: number };

export type Mailbox = { url: string; dir: string; stop: () => Promise<void> };

export async function startMailbox(dir: string): Promise<Mailbox> {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: StoredMail = {
          receivedAt: Date.now(),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        // Written whole, then renamed: a reader never sees half a message.
        const file = path.join(dir, `${mail.receivedAt}-${String(++count).padStart(4, '0')}.json`);
        fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail));
        fs.renameSync(`${file}.tmp`, file);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every message received so far, oldest first. */
export function allMail(): Mail[] {
  const dir = mailDir();
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const stored: StoredMail = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
      return { ...parseMail(stored.raw), to: stored.to, receivedAt: stored.receivedAt };
    });
}

/**
 * The newest message to `to` (received after `after`, a Date.now() taken before the action that
 * sends it), waiting for it: mail goes out through the server's job queue, a moment later.
 */
export async function latestMail(to: string, { after = 0, timeoutMs = 15_000 } = {}): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = allMail()
      .filter((mail) => mail.receivedAt >= after && mail.to.includes(to.toLowerCase()))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The links in a message, in order, each once (e.g. the activation or reset link). */
export function linksIn(mail: Mail): string[] {
  const found = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)];
  return [...new Set(found.map((match) => match[0].replace(/&amp;/g, '&')))];
}
