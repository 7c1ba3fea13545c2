import { DEFAULT_LANGUAGE } from '@vitrine/contract';
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, deviceLicenses, devices, licenseReminders, settings, users } from '../../db/schema';
import { now } from '../../platform/clock';
import { mailLanguage } from '../account';
import { LICENSE_REMIND_KEY, parseRemind, type RemindScope, remindUsers, type StoredRemind } from './remind';

// The daily renewal reminders (docs/license.md "Renewal reminders"). One recurring job, once
// across the instances that run jobs, looks every few minutes for the reminder settings whose send
// time (UTC) has passed today on a day that is not exempt, and queues ONE mail per recipient
// listing the licences that expire within the threshold (or have expired) and were not reminded
// about within the frequency. Each licence reminded about is a license_reminders row keyed by
// (settings, binding, day), written in the transaction that queues the mails: a second pass the
// same day (this instance or another) finds the key taken and sends nothing.

const DAY_MS = 86_400_000;
/** Reminder rows per insert (four parameters each, well below PostgreSQL's limit). */
const CHUNK = 5000;
/** The company names a platform digest lists before "…". */
const NAMES_SHOWN = 5;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Due now: enabled, today (UTC) not exempt, and the send time (UTC) passed. */
export const remindDue = (remind: StoredRemind, now: Date) =>
  remind.enabled &&
  !remind.exempt_days.includes(now.getUTCDay()) &&
  now.toISOString().slice(11, 16) >= remind.send_time;

type Listed = { transferId: number; expiresAt: Date; company: string };

/** The licences the settings cover that expire within the threshold and are not reminded about lately. */
async function licencesToRemind(app: FastifyInstance, target: RemindScope, remind: StoredRemind, now: Date) {
  const horizon = new Date(now.getTime() + remind.threshold_days * DAY_MS);
  // Reminded on day D: quiet through D + frequency − 1.
  const since = dayOf(new Date(now.getTime() - (remind.frequency_days - 1) * DAY_MS));
  const rows = await app.db
    .select({
      transferId: deviceLicenses.transferId,
      expiresAt: deviceLicenses.expiresAt,
      company: companies.name,
    })
    .from(deviceLicenses)
    .innerJoin(devices, eq(devices.id, deviceLicenses.deviceId))
    .innerJoin(companies, eq(companies.id, devices.companyId))
    .where(
      and(
        isNotNull(deviceLicenses.expiresAt),
        lte(deviceLicenses.expiresAt, horizon),
        target.scope === 'company' ? eq(devices.companyId, target.scopeId) : undefined,
        sql`not exists (select 1 from license_reminders r where r.scope = ${target.scope}
          and r.scope_id = ${target.scopeId} and r.transfer_id = ${deviceLicenses.transferId}
          and r.day >= ${since}::date)`,
      ),
    );
  return rows as Listed[];
}

type Recipient = { email: string; username: string; language: string };

async function recipientsOf(app: FastifyInstance, target: RemindScope, remind: StoredRemind) {
  const known =
    remind.user_ids.length === 0
      ? []
      : await app.db
          .select({ email: users.email, username: users.username, language: users.language })
          .from(users)
          .where(and(inArray(users.id, remind.user_ids), remindUsers(target)));
  const byEmail = new Map<string, Recipient>(known.map((user) => [user.email.toLowerCase(), user]));
  for (const email of remind.emails) {
    if (!byEmail.has(email)) byEmail.set(email, { email, username: email, language: DEFAULT_LANGUAGE });
  }
  return [...byEmail.values()];
}

/** Reminds the recipients of one holder's settings; answers how many mails were queued. */
async function remindHolder(app: FastifyInstance, target: RemindScope, remind: StoredRemind, now: Date) {
  const candidates = await licencesToRemind(app, target, remind, now);
  if (candidates.length === 0) return 0;
  const recipients = await recipientsOf(app, target, remind);
  if (recipients.length === 0) return 0;
  const today = dayOf(now);
  return app.db.transaction(async (tx) => {
    // Only the keys this pass wrote are listed: another pass that took one first has mailed it.
    const taken = new Set<number>();
    for (let start = 0; start < candidates.length; start += CHUNK) {
      const rows = await tx
        .insert(licenseReminders)
        .values(
          candidates
            .slice(start, start + CHUNK)
            .map((row) => ({ ...target, transferId: row.transferId, day: today })),
        )
        .onConflictDoNothing()
        .returning({ transferId: licenseReminders.transferId });
      for (const row of rows) taken.add(row.transferId);
    }
    const listed = candidates.filter((row) => taken.has(row.transferId));
    if (listed.length === 0) return 0;
    const earliest = new Date(Math.min(...listed.map((row) => row.expiresAt.getTime())));
    const names = [...new Set(listed.map((row) => row.company))].sort();
    const company =
      target.scope === 'company' || names.length <= NAMES_SHOWN
        ? names.join(', ')
        : `${names.slice(0, NAMES_SHOWN).join(', ')} …`;
    const page = target.scope === 'company' ? '/license/commercial-owner' : '/license/commercial-sy';
    for (const recipient of recipients) {
      const language = mailLanguage(recipient.language);
      await app.mail.enqueue(
        {
          to: recipient.email,
          template: 'license',
          language,
          vars: {
            username: recipient.username,
            company,
            licence_count: String(listed.length),
            expiry_date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
              earliest,
            ),
            link: `${app.systemSettings.publicUrl}${page}`,
          },
        },
        tx,
      );
    }
    return recipients.length;
  });
}

/** One pass over every holder's settings at `at` (the licence clock); answers the number of mails queued. */
export async function sendLicenseReminders(app: FastifyInstance, at: Date = now()): Promise<number> {
  const rows = await app.db
    .select({ scope: settings.scope, scopeId: settings.scopeId, value: settings.value })
    .from(settings)
    .where(eq(settings.key, LICENSE_REMIND_KEY));
  let mails = 0;
  for (const row of rows) {
    const remind = parseRemind(row.value);
    if (!remindDue(remind, at)) continue;
    const target = { scope: row.scope, scopeId: row.scopeId } as RemindScope;
    mails += await remindHolder(app, target, remind, at);
  }
  return mails;
}

/** The recurring pass (it runs where background work runs). */
export function registerLicenseReminders(app: FastifyInstance) {
  // How often the settings are looked at: a reminder leaves at most this long after its send time.
  app.jobs.every('license-reminders', app.config.licenseRemindPassSeconds * 1000, () =>
    sendLicenseReminders(app),
  );
}
