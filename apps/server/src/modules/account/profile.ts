import { ResultCode, type UserInfo } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { companies, customers, users, workspaces } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { presentUser, type User } from './presenter';

// The user center's personal information (the caller's own row only).

/** A user row with the names of its customer, company and active workspace, as the console holds it. */
export async function userInfo(db: Db, user: User): Promise<UserInfo> {
  const workspaceId = user.activeWorkspaceId ?? user.workspaceId;
  const [customer] = user.customerId
    ? await db.select({ name: customers.name }).from(customers).where(eq(customers.id, user.customerId))
    : [];
  const [company] = user.companyId
    ? await db.select({ name: companies.name }).from(companies).where(eq(companies.id, user.companyId))
    : [];
  const [workspace] = workspaceId
    ? await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId))
    : [];
  return presentUser(user, {
    customer: customer?.name ?? null,
    company: company?.name ?? null,
    workspace: workspace?.name ?? null,
  });
}

export async function profile(app: FastifyInstance, userId: number): Promise<UserInfo> {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(ResultCode.sessionExpired);
  return userInfo(app.db, user);
}

/** A nickname left out stays as it is; null or empty clears it. */
export async function updateProfile(
  app: FastifyInstance,
  userId: number,
  input: { username: string; nickname?: string | null },
): Promise<UserInfo> {
  const nickname = input.nickname === undefined ? undefined : input.nickname || null;
  const [user] = await app.db
    .update(users)
    .set({ username: input.username, nickname, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new AppError(ResultCode.sessionExpired);
  await app.sessions.forgetUser(userId); // cached sessions carry the username
  return userInfo(app.db, user);
}
