import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ACTIVATION_LINK_HOURS,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  MAIL_SECURITY,
  type MailTemplateType,
  RESET_LINK_HOURS,
} from '@vitrine/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { z } from 'zod';
import type { Db } from '../db/client';
import { mailTemplates, settings } from '../db/schema';
import { SHIPPED_TEMPLATES } from './mail-templates';
import { type RenderedMail, renderEdited, renderShipped } from './mail-templates/layout';
import { openSecret } from './secrets';

export type { MailTemplateType } from '@vitrine/contract';
export type { RenderedMail } from './mail-templates/layout';

export type MailRequest = {
  to: string;
  template: MailTemplateType;
  language: Language;
  vars: Record<string, string>;
};

declare module './jobs' {
  interface JobPayloads {
    mail: MailRequest;
  }
}

/** Where the mail server saved in the console is kept. */
export const MAIL_SERVER_SETTING = { scope: 'system', scopeId: 0, key: 'mail_server' } as const;

/**
 * The saved mail server as stored: the password sealed under SECRET_KEY when it is set
 * (platform/secrets.ts). `ssl` is the older form of `security`.
 */
export const storedMailServerSchema = z.object({
  host: z.string().min(1),
  port: z.coerce.number().int().min(1).max(65535),
  security: z.enum(MAIL_SECURITY).nullish(),
  ssl: z.boolean().nullish(),
  user: z.string().nullish(),
  password: z.string().nullish(),
  from_address: z.string().nullish(),
  from_name: z.string().nullish(),
});
export type StoredMailServer = z.infer<typeof storedMailServerSchema>;

/** A mail server to send through, its password in clear. */
export type MailServerSetting = {
  host: string;
  port: number;
  security: (typeof MAIL_SECURITY)[number];
  user: string | null;
  password: string | null;
  from_address: string | null;
  from_name: string | null;
};

export const DEFAULT_FROM = { name: 'Vitrine', address: 'no-reply@localhost' };

/** A mail that cannot be delivered is tried this many times (10 s, 20 s, 40 s, 80 s apart). */
const MAIL_ATTEMPTS = 5;

/** Values some templates use that come from the contract's constants, not from the caller. */
const TEMPLATE_VARS: Partial<Record<MailTemplateType, Record<string, string>>> = {
  invite: { hours: String(ACTIVATION_LINK_HOURS) },
  'reset-pwd': { hours: String(RESET_LINK_HOURS) },
};

const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
/** A test mail is waited for by someone at the console: it gives up sooner. */
const TEST_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The way a mail went: the given or saved server, SMTP_URL, or the outbox folder. */
export type MailRoute = 'server' | 'smtp_url' | 'outbox';

/** A mail ready to go, rendered. */
export type OutgoingMail = RenderedMail & { to: string };

/** What the SMTP server answered on accepting a mail (or the outbox file it went to). */
export type Sent = { via: MailRoute; response: string };

/**
 * Mail through the job queue (ARCHITECTURE §10): enqueue() stores a 'mail' job, the job renders
 * the template in the recipient's language and sends it through the mail server saved in
 * settings, else SMTP_URL, else writes it to DATA_DIR/outbox as an .eml file.
 */
export class Mailer {
  constructor(private readonly app: FastifyInstance) {
    app.jobs.register('mail', (request) => this.deliver(request));
  }

  /** Queues a mail; inside `tx` it is sent only if the transaction commits. */
  async enqueue(request: MailRequest, tx?: Db): Promise<void> {
    await this.app.jobs.enqueue('mail', request, { maxAttempts: MAIL_ATTEMPTS }, tx);
  }

  /** The mail as it would be sent now: the edited template if there is one, else the shipped one. */
  async render({ template, language, vars }: Omit<MailRequest, 'to'>): Promise<RenderedMail> {
    const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
    const values = { ...TEMPLATE_VARS[template], ...vars };
    const [edited] = await this.app.db
      .select({ subject: mailTemplates.subject, body: mailTemplates.body })
      .from(mailTemplates)
      .where(and(eq(mailTemplates.type, template), eq(mailTemplates.language, lang)))
      .limit(1);
    if (edited) return renderEdited(edited.subject, edited.body, values);
    return renderShipped(SHIPPED_TEMPLATES[template][lang], lang, values);
  }

  /**
   * Sends a rendered mail now, through `server` when given, else the saved server, SMTP_URL or
   * the outbox. An SMTP failure throws nodemailer's error (its code and the server's response).
   */
  async send(
    mail: OutgoingMail,
    options: { server?: MailServerSetting; test?: boolean } = {},
  ): Promise<Sent> {
    const server = options.server ?? (await this.savedServer());
    const message: SendMailOptions = {
      from: {
        name: server?.from_name || DEFAULT_FROM.name,
        address: server?.from_address || DEFAULT_FROM.address,
      },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    };
    const smtpUrl = this.app.config.smtpUrl;
    if (!server && !smtpUrl) return { via: 'outbox', response: await this.writeOutbox(message) };
    const timeouts = options.test ? TEST_TIMEOUTS : SMTP_TIMEOUTS;
    const transport = server
      ? nodemailer.createTransport(transportOptions(server, timeouts))
      : nodemailer.createTransport({ url: smtpUrl, ...timeouts });
    try {
      const info: SMTPTransport.SentMessageInfo = await transport.sendMail(message);
      return { via: server ? 'server' : 'smtp_url', response: info.response };
    } finally {
      transport.close();
    }
  }

  private async deliver(request: MailRequest) {
    const mail = await this.render(request);
    const sent = await this.send({ ...mail, to: request.to });
    const log = { to: request.to, subject: mail.subject, template: request.template };
    if (sent.via === 'outbox') {
      this.app.log.info(
        { ...log, file: sent.response },
        'mail written to the outbox (no SMTP server configured)',
      );
    } else {
      this.app.log.info({ ...log, via: sent.via }, 'mail sent');
    }
  }

  /** The server saved in the console, its password opened; null when none is saved. */
  async savedServer(): Promise<MailServerSetting | null> {
    const stored = await storedMailServer(this.app.db);
    if (stored === 'invalid') {
      this.app.log.warn('the saved mail server setting is not valid; it is ignored');
      return null;
    }
    if (!stored) return null;
    const password = stored.password ? openSecret(stored.password, this.app.config.secretKey) : null;
    if (stored.password && password === null) {
      this.app.log.warn(
        'the saved mail server password cannot be read with this SECRET_KEY; sending without it',
      );
    }
    return {
      host: stored.host,
      port: stored.port,
      security: securityOf(stored),
      user: stored.user || null,
      password,
      from_address: stored.from_address || null,
      from_name: stored.from_name || null,
    };
  }

  private async writeOutbox(message: SendMailOptions): Promise<string> {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await transport.sendMail(message);
    const dir = path.join(this.app.config.dataDir, 'outbox');
    await fs.mkdir(dir, { recursive: true });
    // Names sort by time, so the outbox reads in the order mails were sent.
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(dir, name);
    await fs.writeFile(file, info.message as Buffer);
    return file;
  }
}

/** The saved server as stored, 'invalid' when the row does not parse, null when there is none. */
export async function storedMailServer(
  db: Db,
): Promise<(StoredMailServer & { updatedAt: Date }) | 'invalid' | null> {
  const [row] = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(
      and(
        eq(settings.scope, MAIL_SERVER_SETTING.scope),
        eq(settings.scopeId, MAIL_SERVER_SETTING.scopeId),
        eq(settings.key, MAIL_SERVER_SETTING.key),
      ),
    )
    .limit(1);
  if (!row) return null;
  const parsed = storedMailServerSchema.safeParse(row.value);
  return parsed.success ? { ...parsed.data, updatedAt: row.updatedAt } : 'invalid';
}

export const securityOf = (stored: StoredMailServer) => stored.security ?? (stored.ssl ? 'ssl' : 'none');

function transportOptions(server: MailServerSetting, timeouts: typeof SMTP_TIMEOUTS): SMTPTransport.Options {
  return {
    host: server.host,
    port: server.port,
    // ssl: TLS from the first byte; starttls: the plain connection must be upgraded; none: never.
    secure: server.security === 'ssl',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    auth: server.user ? { user: server.user, pass: server.password ?? '' } : undefined,
    ...timeouts,
  };
}
