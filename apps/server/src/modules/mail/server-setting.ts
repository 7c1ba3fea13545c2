import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type MailServerFields,
  type MailServerState,
  type MailTestResult,
  translate,
} from '@vitrine/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { settings } from '../../db/schema';
import {
  MAIL_SERVER_SETTING,
  type MailServerSetting,
  type OutgoingMail,
  type StoredMailServer,
  securityOf,
  storedMailServer,
} from '../../platform/mail';
import { escapeHtml, htmlToText } from '../../platform/mail-templates/layout';
import { openSecret, sealSecret } from '../../platform/secrets';
import type { SessionUser } from '../../platform/session-cache';

// The mail server saved in the console (settings: system scope, mail_server). Its password is
// sealed under SECRET_KEY and never leaves the server: answers say only whether one is saved.

const isSaved = (stored: Awaited<ReturnType<typeof storedMailServer>>) =>
  stored !== null && stored !== 'invalid' ? stored : null;

export async function mailServerState(app: FastifyInstance): Promise<MailServerState> {
  const stored = isSaved(await storedMailServer(app.db));
  return {
    server: stored && {
      host: stored.host,
      port: stored.port,
      security: securityOf(stored),
      user: stored.user || null,
      password_set: Boolean(stored.password),
      from_address: stored.from_address || null,
      from_name: stored.from_name || null,
      updated_at: stored.updatedAt.toISOString(),
    },
    fallback: app.config.smtpUrl ? 'smtp_url' : 'outbox',
  };
}

/** The password to keep: a new one, none when removed, else the saved one (as stored). */
function passwordToStore(fields: MailServerFields, saved: StoredMailServer | null, secretKey?: string) {
  if (fields.remove_password) return null;
  if (fields.password) return sealSecret(fields.password, secretKey);
  return saved?.password ?? null;
}

export async function saveMailServer(
  app: FastifyInstance,
  fields: MailServerFields,
): Promise<MailServerState> {
  const saved = isSaved(await storedMailServer(app.db));
  const value: StoredMailServer = {
    host: fields.host,
    port: fields.port,
    security: fields.security,
    user: fields.user,
    password: passwordToStore(fields, saved, app.config.secretKey),
    from_address: fields.from_address,
    from_name: fields.from_name,
  };
  await app.db
    .insert(settings)
    .values({ ...MAIL_SERVER_SETTING, value })
    .onConflictDoUpdate({
      target: [settings.scope, settings.scopeId, settings.key],
      set: { value, updatedAt: new Date() },
    });
  return mailServerState(app);
}

export async function removeMailServer(app: FastifyInstance): Promise<MailServerState> {
  await app.db
    .delete(settings)
    .where(
      and(
        eq(settings.scope, MAIL_SERVER_SETTING.scope),
        eq(settings.scopeId, MAIL_SERVER_SETTING.scopeId),
        eq(settings.key, MAIL_SERVER_SETTING.key),
      ),
    );
  return mailServerState(app);
}

/** The settings on screen as a server to send through, the saved password filling an empty one. */
export async function serverToTry(
  app: FastifyInstance,
  fields: MailServerFields,
): Promise<MailServerSetting> {
  const saved = isSaved(await storedMailServer(app.db));
  const stored = passwordToStore(fields, saved, app.config.secretKey);
  return {
    host: fields.host,
    port: fields.port,
    security: fields.security,
    user: fields.user,
    password: stored ? openSecret(stored, app.config.secretKey) : null,
    from_address: fields.from_address,
    from_name: fields.from_name,
  };
}

/** The caller's language for the words of a test mail. */
export const languageOf = (user: SessionUser) =>
  isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;

/**
 * Sends `mail` at once and answers what happened: the SMTP server's accepted line, its refusal
 * or the connection's failure, as data. Nothing is stored either way.
 */
export async function sendTest(
  app: FastifyInstance,
  user: SessionUser,
  mail: OutgoingMail,
  server?: MailServerSetting,
): Promise<MailTestResult> {
  try {
    const sent = await app.mail.send(mail, { server, test: true });
    const response = sent.via === 'outbox' ? translate(languageOf(user), 'mail.outbox') : sent.response;
    return { ok: true, via: sent.via, to: mail.to, response, error_code: null };
  } catch (error) {
    const failure = error as Error & { code?: string; response?: string };
    return {
      ok: false,
      via: server || (await app.mail.savedServer()) ? 'server' : 'smtp_url',
      to: mail.to,
      response: failure.response || failure.message,
      error_code: failure.code ?? null,
    };
  }
}

/** The mail server page's test: a short message in the caller's language. */
export function testMessage(user: SessionUser, to: string): OutgoingMail {
  const language = languageOf(user);
  const subject = translate(language, 'mail.testSubject');
  const html = `<p>${escapeHtml(translate(language, 'mail.testBody'))}</p>`;
  return { to, subject, html, text: htmlToText(html) };
}
