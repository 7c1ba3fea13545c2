import { randomBytes } from 'node:crypto';
import { AccountStatus, Role } from '@vitrine/contract';
import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from './passwords';

/** A password that meets the rules: letters, digits and a special character. */
function randomPassword() {
  return `${randomBytes(12).toString('base64url')}-7a`;
}

/**
 * On an empty database, creates the first system account from ADMIN_EMAIL / ADMIN_PASSWORD, or
 * with a random password that is printed once. Returns the credentials it created, if any.
 * Processes started together on an empty database (docs/scale-out.md) take turns on an advisory
 * lock: the first creates the account, the others find it there.
 */
export async function ensureSystemAccount(db: Db, config: Config, log: FastifyBaseLogger) {
  const email = (config.adminEmail ?? 'admin@vitrine.local').toLowerCase();
  const password = config.adminPassword ?? randomPassword();
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('first-account', 0))`);
    const [{ total }] = await tx.select({ total: count() }).from(users);
    if (total > 0) return false;
    await tx.insert(users).values({
      email,
      username: 'System administrator',
      passwordHash: await hashPassword(password),
      roleId: Role.system,
      status: AccountStatus.active,
    });
    return true;
  });
  if (!created) return null;
  log.info({ email }, 'created the first system account');
  return { email, password, printed: config.adminPassword === undefined };
}

/**
 * The first login as a framed block, printed once the server listens: after the start-up log
 * lines, where it cannot be lost between them.
 */
export function firstLoginBanner(created: { email: string; password: string; printed: boolean }): string {
  const lines = [
    'Vitrine is ready. Log in as the system administrator:',
    '',
    `  email:    ${created.email}`,
    created.printed
      ? `  password: ${created.password}   (shown once: write it down)`
      : '  password: the ADMIN_PASSWORD you set',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule, ''].join('\n');
}
