import { isLanguage, type Language, pickLanguage } from '@vitrine/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Who is calling, as far as mails and the login history need it. */
export type Client = { ip: string; userAgent: string | null; lang: Language; timezone: string | null };

export function clientOf(request: FastifyRequest): Client {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' && agent.length > 0 ? agent.slice(0, 256) : null,
    lang: request.lang,
    timezone: request.clientTimezone,
  };
}

/** The language a user's mails are written in. */
export const mailLanguage = (stored: string): Language =>
  isLanguage(stored) ? stored : pickLanguage(stored);

/** An IANA time zone the runtime knows, else null (a header is only a hint). */
export function knownTimezone(value: string | null): string | null {
  if (!value) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

/** A moment as the recipient reads it: their language and time zone, with the zone named. */
export function mailTime(date: Date, user: { language: string; timezone: string }): string {
  const timeZone = knownTimezone(user.timezone) ?? 'UTC';
  return new Intl.DateTimeFormat(mailLanguage(user.language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}

/**
 * A console link for a mail, always on the public address (the system settings', else PUBLIC_URL):
 * the Host header is the caller's to forge.
 */
export function consoleLink(app: FastifyInstance, path: string, query: Record<string, string>): string {
  return `${app.systemSettings.publicUrl}${path}?${new URLSearchParams(query).toString()}`;
}
