import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export type ReadMail = { to: string; subject: string; text: string; html: string };

/** Every mail written to the app's outbox folder, oldest first. */
export function readOutbox(app: FastifyInstance): ReadMail[] {
  const dir = path.join(app.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(fs.readFileSync(path.join(dir, name), 'utf8')));
}

/** Removes the outbox, so a test sees only the mails it caused. */
export function clearOutbox(app: FastifyInstance) {
  fs.rmSync(path.join(app.config.dataDir, 'outbox'), { recursive: true, force: true });
}

type Part = { headers: Map<string, string>; body: string };

/**
 * Reads a message as nodemailer writes it: headers (folded lines, RFC 2047 words), a single part
 * or nested multiparts, bodies in quoted-printable, base64, 7bit or 8bit. Enough for tests.
 */
export function parseMail(raw: string): ReadMail {
  const root = splitPart(raw.replace(/\r\n/g, '\n'));
  const found = { text: '', html: '' };
  collect(root, found);
  return {
    to: decodeWords(root.headers.get('to') ?? ''),
    subject: decodeWords(root.headers.get('subject') ?? ''),
    ...found,
  };
}

function splitPart(raw: string): Part {
  const end = raw.indexOf('\n\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collect(part: Part, found: { text: string; html: string }) {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(splitPart(section.replace(/^\n/, '')), found);
    }
    return;
  }
  const content = decodeBody(part.body, part.headers.get('content-transfer-encoding') ?? '7bit');
  if (/^text\/html/i.test(type)) found.html ||= content;
  else if (/^text\/plain/i.test(type)) found.text ||= content;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(quotedPrintableBytes(body.replace(/=\n/g, ''), false)).toString('utf8');
    default:
      return body.replace(/\n$/, '');
  }
}

function quotedPrintableBytes(value: string, underscoreIsSpace: boolean): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i];
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (char === '_' && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return bytes;
}

/** RFC 2047 encoded words; adjacent words are joined as bytes, so a split character survives. */
function decodeWords(value: string): string {
  return value.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)(\s+=\?[^?]+\?[BbQq]\?[^?]*\?=)*/g, (run) => {
    const words = run.match(/=\?[^?]+\?[BbQq]\?[^?]*\?=/g) ?? [];
    const bytes = words.flatMap((word) => {
      const [, , encoding, text] = word.split('?');
      return encoding.toUpperCase() === 'B'
        ? [...Buffer.from(text, 'base64')]
        : quotedPrintableBytes(text, true);
    });
    return Buffer.from(bytes).toString('utf8');
  });
}
