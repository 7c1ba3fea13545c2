import {
  AccountStatus,
  type LicenseRemind,
  type LicenseRemindState,
  licenseRemindRequestSchema,
  PLATFORM_ROLES,
} from '@vitrine/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { settings, users } from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import { holderOf } from './licenses';

// The renewal reminder settings, one `settings` row per holder (key LICENSE_REMIND_KEY): the
// company's (scope 'company', written by its owner) covers the company's devices; the platform's
// (scope 'system', written by the system roles) covers every company's devices in one digest.

export const LICENSE_REMIND_KEY = 'license_remind';

export type RemindScope = { scope: 'company' | 'system'; scopeId: number };
export type StoredRemind = z.output<typeof licenseRemindRequestSchema>;

export const DEFAULT_REMIND: StoredRemind = {
  enabled: false,
  threshold_days: 30,
  frequency_days: 7,
  user_ids: [],
  emails: [],
  exempt_days: [0, 6],
  send_time: '09:00',
};

/** Whose settings the caller edits: the platform's for the system roles, its company's for an owner. */
function remindScopeOf(scope: TenantScope): RemindScope {
  const holder = holderOf(scope);
  if (holder?.kind === 'platform') return { scope: 'system', scopeId: 0 };
  if (holder?.kind === 'company') return { scope: 'company', scopeId: holder.id };
  throw forbidden();
}

/** The active users who may receive the reminders of that scope: the company's, or the platform's. */
export const remindUsers = (target: RemindScope) =>
  and(
    eq(users.status, AccountStatus.active),
    target.scope === 'company'
      ? eq(users.companyId, target.scopeId)
      : and(isNull(users.companyId), inArray(users.roleId, [...PLATFORM_ROLES])),
  );

const whereSetting = (target: RemindScope) =>
  and(
    eq(settings.scope, target.scope),
    eq(settings.scopeId, target.scopeId),
    eq(settings.key, LICENSE_REMIND_KEY),
  );

/** A stored value as settings, the defaults where it does not parse (a value from an older shape). */
export const parseRemind = (value: unknown): StoredRemind => {
  const parsed = licenseRemindRequestSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_REMIND;
};

async function stateOf(db: Db, target: RemindScope): Promise<LicenseRemindState> {
  const [row] = await db.select().from(settings).where(whereSetting(target)).limit(1);
  const stored = row ? parseRemind(row.value) : DEFAULT_REMIND;
  const candidates = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(remindUsers(target))
    .orderBy(asc(users.username));
  const known = new Set(candidates.map((user) => user.id));
  const settingsOut: LicenseRemind = {
    ...stored,
    // A recipient since disabled or moved away is no longer one.
    user_ids: stored.user_ids.filter((id) => known.has(id)),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
  return {
    settings: settingsOut,
    covers: target.scope === 'system' ? 'platform' : 'company',
    users: candidates,
  };
}

/** The expiry threshold of a holder's reminders: its saved one, or the default when it saved none. */
export async function remindThreshold(db: Db, target: RemindScope) {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(whereSetting(target))
    .limit(1);
  return row
    ? { days: parseRemind(row.value).threshold_days, from: 'setting' as const }
    : { days: DEFAULT_REMIND.threshold_days, from: 'default' as const };
}

/** GET remind: the caller's settings and who may receive them. */
export const remindState = (db: Db, scope: TenantScope) => stateOf(db, remindScopeOf(scope));

/** PUT remind: saves the caller's settings; a user id outside its tenant is 404001 and saves nothing. */
export async function saveRemind(
  app: FastifyInstance,
  scope: TenantScope,
  body: StoredRemind,
): Promise<LicenseRemindState> {
  const target = remindScopeOf(scope);
  const userIds = [...new Set(body.user_ids)];
  const value: StoredRemind = {
    ...body,
    user_ids: userIds,
    emails: [...new Set(body.emails)],
    exempt_days: [...new Set(body.exempt_days)].sort((a, b) => a - b),
  };
  await app.db.transaction(async (tx) => {
    if (userIds.length > 0) {
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, userIds), remindUsers(target)));
      if (found.length !== userIds.length) throw notFound();
    }
    await tx
      .insert(settings)
      .values({ ...target, key: LICENSE_REMIND_KEY, value })
      .onConflictDoUpdate({
        target: [settings.scope, settings.scopeId, settings.key],
        set: { value, updatedAt: new Date() },
      });
  });
  return stateOf(app.db, target);
}
