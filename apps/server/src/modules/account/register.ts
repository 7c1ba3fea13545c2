import {
  ACTIVATION_LINK_HOURS,
  AccountStatus,
  type EmailResult,
  type InvitedUser,
  ResultCode,
  Role,
} from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { companies, users, workspaces } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { type Client, consoleLink, knownTimezone, mailLanguage } from './client';
import { consumeLinkCode, issueLinkCode, userOfLink } from './links';
import type { User } from './presenter';

// Registration and activation: a self-registered owner confirms with /register/active; a user
// invited by a team admin (no password yet) chooses one on /user/active.

/** Sends the invite mail with a fresh link; earlier links of the same kind stop working. */
export async function sendActivation(app: FastifyInstance, db: Db, user: User) {
  // Someone who registered has a password and only confirms; an invited user still needs one.
  const [purpose, path] = user.passwordHash
    ? (['register', '/register/active'] as const)
    : (['activate', '/user/active'] as const);
  const code = await issueLinkCode(db, user.id, purpose, ACTIVATION_LINK_HOURS);
  await app.mail.enqueue(
    {
      to: user.email,
      template: 'invite',
      language: mailLanguage(user.language),
      vars: { username: user.username, link: consoleLink(app, path, { code }) },
    },
    db,
  );
}

type Registration = { email: string; username: string; company_name: string; password: string };

/**
 * A company, its first workspace and its owner (inactive until the mailed link is opened), in one
 * transaction. An email that is still inactive changes nothing and only gets a fresh link.
 */
export async function register(
  app: FastifyInstance,
  input: Registration,
  client: Client,
): Promise<EmailResult> {
  const defaults = app.systemSettings.current;
  // Closed on /setting/server: nothing is created, not even a fresh link for a pending account.
  if (!defaults.registration_open) throw new AppError(ResultCode.permission, 'system.registrationClosed');
  const [existing] = await app.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) {
    if (existing.status !== AccountStatus.inactive) throw new AppError(ResultCode.emailTaken);
    await app.db.transaction((tx) => sendActivation(app, tx, existing));
    return { email: existing.email };
  }
  const passwordHash = await hashPassword(input.password);
  try {
    await app.db.transaction(async (tx) => {
      const [company] = await tx.insert(companies).values({ name: input.company_name }).returning();
      // The root of the workspace tree is named after the company: data in the owner's words.
      const [workspace] = await tx
        .insert(workspaces)
        .values({ companyId: company.id, name: input.company_name })
        .returning();
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          username: input.username,
          passwordHash,
          roleId: Role.owner,
          status: AccountStatus.inactive,
          companyId: company.id,
          workspaceId: workspace.id,
          activeWorkspaceId: workspace.id,
          language: client.lang,
          timezone: knownTimezone(client.timezone) ?? defaults.default_timezone,
        })
        .returning();
      await tx.update(companies).set({ ownerUserId: user.id }).where(eq(companies.id, company.id));
      await sendActivation(app, tx, user);
    });
  } catch (error) {
    // Two registrations of one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError(ResultCode.emailTaken);
    throw error;
  }
  return { email: input.email };
}

/** Only an account still waiting for activation can be activated; anything else is a bad link. */
function assertInactive(user: User) {
  if (user.status !== AccountStatus.inactive) throw new AppError(ResultCode.badLink);
}

export function registerActive(app: FastifyInstance, code: string): Promise<EmailResult> {
  return app.db.transaction(async (tx) => {
    const user = await consumeLinkCode(tx, code, 'register');
    assertInactive(user);
    await tx
      .update(users)
      .set({ status: AccountStatus.active, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    return { email: user.email };
  });
}

export async function checkInvite(app: FastifyInstance, code: string): Promise<InvitedUser> {
  const user = await userOfLink(app.db, code, 'activate');
  assertInactive(user);
  return { email: user.email, username: user.username };
}

/** The invited user chooses a password and becomes active. */
export async function activateInvited(
  app: FastifyInstance,
  code: string,
  password: string,
): Promise<EmailResult> {
  assertInactive(await userOfLink(app.db, code, 'activate')); // before the slow hash
  const passwordHash = await hashPassword(password);
  return app.db.transaction(async (tx) => {
    const user = await consumeLinkCode(tx, code, 'activate');
    assertInactive(user);
    const now = new Date();
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, status: AccountStatus.active, updatedAt: now })
      .where(eq(users.id, user.id));
    return { email: user.email };
  });
}
