import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ACTIVATION_LINK_HOURS,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  RESET_LINK_HOURS,
} from '@vitrine/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { z } from 'zod';
import type { Db } from '../db/client';
import { mailTemplates, settings } from '../db/schema';
import { type MailTemplateType, SHIPPED_TEMPLATES } from './mail-templates';
import { fill, htmlToText, oneLine, type RenderedMail, renderShipped } from './mail-templates/layout';

export type { MailTemplateType } from './mail-templates';
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

/** The mail server saved in the console (settings: system scope, key mail_server). */
export const mailServerSchema = z.object({
  host: z.string().min(1),
  port: z.coerce.number().int().min(1).max(65535),
  user: z.string().nullish(),
  password: z.string().nullish(),
  from_address: z.string().nullish(),
  from_name: z.string().nullish(),
  ssl: z.boolean().nullish(),
});
export type MailServerSetting = z.infer<typeof mailServerSchema>;

export const DEFAULT_FROM = { name: 'Vitrine', address: 'no-reply@localhost' };

/** A mail that cannot be delivered is tried this many times (10 s, 20 s, 40 s, 80 s apart). */
const MAIL_ATTEMPTS = 5;

/** Values some templates use that come from the contract's constants, not from the caller. */
const TEMPLATE_VARS: Partial<Record<MailTemplateType, Record<string, string>>> = {
  invite: { hours: String(ACTIVATION_LINK_HOURS) },
  'reset-pwd': { hours: String(RESET_LINK_HOURS) },
};

const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * Mail through the job queue (ARCHITECTURE §10): enqueue() stores a 'mail' job, the job renders
 * the template in the recipient's language and sends it through SMTP_URL, else the mail server
 * saved in settings, else writes it to DATA_DIR/outbox as an .eml file.
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
    if (edited) {
      const html = fill(edited.body, values, true);
      return { subject: oneLine(fill(edited.subject, values, false)), html, text: htmlToText(html) };
    }
    return renderShipped(SHIPPED_TEMPLATES[template][lang], lang, values);
  }

  private async deliver(request: MailRequest) {
    const mail = await this.render(request);
    const server = await this.savedServer();
    const message: SendMailOptions = {
      from: {
        name: server?.from_name || DEFAULT_FROM.name,
        address: server?.from_address || DEFAULT_FROM.address,
      },
      to: request.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    };
    const log = { to: request.to, subject: mail.subject, template: request.template };

    const smtpUrl = this.app.config.smtpUrl;
    if (!smtpUrl && !server) {
      const file = await this.writeOutbox(message);
      this.app.log.info({ ...log, file }, 'mail written to the outbox (no SMTP server configured)');
      return;
    }
    const transport = smtpUrl
      ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
      : nodemailer.createTransport({
          host: server?.host,
          port: server?.port,
          secure: server?.ssl ?? false,
          auth: server?.user ? { user: server.user, pass: server.password ?? '' } : undefined,
          ...SMTP_TIMEOUTS,
        });
    try {
      await transport.sendMail(message);
    } finally {
      transport.close();
    }
    this.app.log.info(log, 'mail sent');
  }

  private async savedServer(): Promise<MailServerSetting | null> {
    const [row] = await this.app.db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.scope, 'system'), eq(settings.scopeId, 0), eq(settings.key, 'mail_server')))
      .limit(1);
    if (!row) return null;
    const parsed = mailServerSchema.safeParse(row.value);
    if (!parsed.success) {
      this.app.log.warn('the saved mail server setting is not valid; using the outbox');
      return null;
    }
    return parsed.data;
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
