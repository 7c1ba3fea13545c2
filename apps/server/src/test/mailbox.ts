import type { FastifyInstance } from 'fastify';
import { readOutbox } from './outbox';

// Test helpers: the mails a user got (after running the due mail jobs) and the code in a link.

export async function mailsTo(app: FastifyInstance, email: string) {
  await app.jobs.runDue();
  return (await readOutbox(app)).filter((mail) => mail.to.includes(email));
}

/** The code of the last link to `path` (e.g. "/forget") with query `param` in the user's mails. */
export async function linkCode(app: FastifyInstance, email: string, path: string, param = 'code') {
  const pattern = new RegExp(`${escapeRegExp(app.config.publicUrl + path)}\\?${param}=([\\w-]+)`, 'g');
  const codes = (await mailsTo(app, email)).flatMap((mail) =>
    [...mail.text.matchAll(pattern)].map((m) => m[1]),
  );
  const code = codes.at(-1);
  if (!code) throw new Error(`no ${path} link in the mails to ${email}`);
  return code;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
