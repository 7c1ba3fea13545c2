import {
  AccountStatus,
  type createUserRequestSchema,
  type Language,
  LIST_TOTAL_CAP,
  ResultCode,
  Role,
  type UserItem,
  type UserList,
  type updateUserRequestSchema,
  type userListQuerySchema,
} from '@vitrine/contract';
import { and, count, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companies, userCategories, users, workspaces } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { cappedTotal, type ListQuery, orderOf, pageOf, searchFilter } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { sendActivation } from '../account';
import { presentUserItem } from './presenter';
import { assertAssignable, assertManageable } from './roles';

// Users of the team area (spec 000 §7 "Users"): every query adds the caller's scope, so a user of
// another tenant, or of a sibling workspace, is "not found".

type User = typeof users.$inferSelect;

const SORT_COLUMNS = {
  username: users.username,
  email: users.email,
  created_at: users.createdAt,
  last_login_at: users.lastLoginAt,
  status: users.status,
  role_id: users.roleId,
};

/** The users a caller may see: those of its tenant and, for workspace roles, of its workspaces. */
export const visibleUsers = (scope: TenantScope) =>
  scope.rowFilter({ companyId: users.companyId, workspaceId: users.workspaceId });

function selectUsers(db: Db) {
  return db
    .select({
      id: users.id,
      username: users.username,
      nickname: users.nickname,
      email: users.email,
      roleId: users.roleId,
      status: users.status,
      companyId: users.companyId,
      companyName: companies.name,
      workspaceId: users.workspaceId,
      workspaceName: workspaces.name,
      categoryId: users.categoryId,
      categoryName: userCategories.name,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .leftJoin(userCategories, eq(userCategories.id, users.categoryId));
}

/**
 * A page of users matching every condition, searched by name, nickname and email, and their count
 * up to `cap`: counting stops at cap + 1 matches, so a keyword matching a quarter of the users does
 * not recheck every match. The page is read with OFFSET as before, so pages beyond the cap load.
 */
export async function listUsers(
  db: Db,
  conditions: (SQL | undefined)[],
  query: ListQuery,
  cap = LIST_TOTAL_CAP,
): Promise<UserList> {
  const where = and(...conditions, searchFilter(query.keyword, users.search));
  const { limit, offset } = pageOf(query);
  const [rows, counted] = await Promise.all([
    selectUsers(db)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT_COLUMNS, 'created_at,desc', users.id))
      .limit(limit)
      .offset(offset),
    cappedTotal(db, users, where, cap),
  ]);
  return { list: rows.map(presentUserItem), ...counted };
}

export function userList(
  app: FastifyInstance,
  scope: TenantScope,
  query: z.output<typeof userListQuerySchema>,
) {
  return listUsers(
    app.db,
    [
      visibleUsers(scope),
      query.role_id === undefined ? undefined : eq(users.roleId, query.role_id),
      query.status === undefined ? undefined : eq(users.status, query.status),
      query.group_id === undefined ? undefined : eq(users.workspaceId, query.group_id),
      query.category_id === undefined ? undefined : eq(users.categoryId, query.category_id),
      query.company_id === undefined ? undefined : eq(users.companyId, query.company_id),
    ],
    query,
  );
}

/** A user the caller may see, as the API shows it; 404001 otherwise. */
export async function userDetail(db: Db, scope: TenantScope, userId: number): Promise<UserItem> {
  const [row] = await selectUsers(db)
    .where(and(eq(users.id, userId), visibleUsers(scope)))
    .limit(1);
  if (!row) throw notFound();
  return presentUserItem(row);
}

/** Users the caller may see and manage; 404001 if one is not visible, 403001 if one is above it. */
async function managedUsers(tx: Db, scope: TenantScope, ids: readonly number[]): Promise<User[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(users)
    .where(and(inArray(users.id, unique), visibleUsers(scope)));
  if (rows.length !== unique.length) throw notFound();
  if (rows.some((row) => row.id === scope.user.userId)) throw new AppError(ResultCode.inUse, 'team.self');
  for (const row of rows) assertManageable(scope.user.roleId, row.roleId);
  return rows;
}

/** The workspace a user goes to: usable by the caller, and inside the user's company when known. */
async function targetWorkspace(tx: Db, scope: TenantScope, workspaceId: number, companyId?: number | null) {
  if (!(await scope.canUseWorkspace(workspaceId, tx))) throw notFound();
  const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  if (!workspace || (companyId !== undefined && workspace.companyId !== companyId)) throw notFound();
  return workspace;
}

async function assertCategory(tx: Db, categoryId: number | null | undefined, companyId: number) {
  if (!categoryId) return;
  const [category] = await tx
    .select({ id: userCategories.id })
    .from(userCategories)
    .where(and(eq(userCategories.id, categoryId), eq(userCategories.companyId, companyId)))
    .limit(1);
  if (!category) throw notFound();
}

/**
 * 409003 when the company has as many users as its limit allows. Owners are not counted: the
 * limit is on the users the company creates. The company row is locked, so two creations at
 * once cannot both take the last place.
 */
export async function assertBelowLimit(tx: Db, companyId: number) {
  const [company] = await tx
    .select({ userLimit: companies.userLimit })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!company || company.userLimit === null) return;
  const [{ members }] = await tx
    .select({ members: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.roleId, Role.owner)));
  if (members >= company.userLimit) throw new AppError(ResultCode.userLimitExceeded);
}

export async function assertEmailFree(tx: Db, email: string) {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw new AppError(ResultCode.emailTaken);
}

/**
 * A new member, inactive until it opens the invite mailed now (in the inviter's language), in the
 * platform's default time zone until it picks its own.
 */
export async function createUser(
  app: FastifyInstance,
  scope: TenantScope,
  input: z.output<typeof createUserRequestSchema>,
  language: Language,
): Promise<UserItem> {
  assertAssignable(scope.user.roleId, input.role_id);
  const id = await app.db.transaction(async (tx) => {
    const workspace = await targetWorkspace(tx, scope, input.group_id);
    await assertCategory(tx, input.category_id, workspace.companyId);
    await assertBelowLimit(tx, workspace.companyId);
    await assertEmailFree(tx, input.email);
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        username: input.username,
        nickname: input.nickname || null,
        roleId: input.role_id,
        status: AccountStatus.inactive,
        companyId: workspace.companyId,
        workspaceId: workspace.id,
        activeWorkspaceId: workspace.id,
        categoryId: input.category_id ?? null,
        createdBy: scope.user.userId,
        language,
        timezone: app.systemSettings.current.default_timezone,
      })
      .returning();
    await sendActivation(app, tx, user);
    return user.id;
  });
  return userDetail(app.db, scope, id);
}

export async function updateUser(
  app: FastifyInstance,
  scope: TenantScope,
  userId: number,
  input: z.output<typeof updateUserRequestSchema>,
): Promise<UserItem> {
  await app.db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), visibleUsers(scope)))
      .limit(1);
    if (!target) throw notFound();
    assertManageable(scope.user.roleId, target.roleId);
    if (input.role_id !== target.roleId) assertAssignable(scope.user.roleId, input.role_id);
    const workspace = await targetWorkspace(tx, scope, input.group_id, target.companyId);
    await assertCategory(tx, input.category_id, workspace.companyId);
    if (target.roleId === Role.owner && input.role_id !== Role.owner) await assertOwnersLeft(tx, [target]);
    await tx
      .update(users)
      .set({
        username: input.username,
        ...(input.nickname === undefined ? {} : { nickname: input.nickname || null }),
        roleId: input.role_id,
        workspaceId: workspace.id,
        // The chosen workspace follows the user, so it never points outside what they may use.
        activeWorkspaceId: workspace.id,
        ...(input.category_id === undefined ? {} : { categoryId: input.category_id }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, target.id));
    if (target.roleId === Role.owner && input.role_id !== Role.owner) await reassignOwner(tx, [target]);
    // Logged-in sessions carry role and workspace: the next call reads them afresh.
    await app.sessions.within(tx).forgetUser(target.id);
  });
  return userDetail(app.db, scope, userId);
}

/** 409001 when taking these owners away would leave one of their companies without an owner. */
async function assertOwnersLeft(tx: Db, leaving: readonly User[]) {
  const owners = leaving.filter((user) => user.roleId === Role.owner && user.companyId !== null);
  const byCompany = new Map<number, number[]>();
  for (const owner of owners) {
    byCompany.set(owner.companyId as number, [...(byCompany.get(owner.companyId as number) ?? []), owner.id]);
  }
  for (const [companyId, ids] of byCompany) {
    const remaining = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.roleId, Role.owner)));
    if (remaining.every((row) => ids.includes(row.id)))
      throw new AppError(ResultCode.inUse, 'team.lastOwner');
  }
}

/** A company whose recorded owner left names another of its owners. */
async function reassignOwner(tx: Db, leaving: readonly User[]) {
  for (const user of leaving) {
    if (user.roleId !== Role.owner || user.companyId === null) continue;
    const [next] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, user.companyId), eq(users.roleId, Role.owner)))
      .orderBy(users.id)
      .limit(1);
    await tx
      .update(companies)
      .set({ ownerUserId: next?.id ?? null })
      .where(and(eq(companies.id, user.companyId), eq(companies.ownerUserId, user.id)));
  }
}

/** Deletes users inside the caller's transaction: all of them, or none when one is refused. */
export async function removeUsers(app: FastifyInstance, tx: Db, scope: TenantScope, ids: readonly number[]) {
  if (ids.length === 0) return;
  const targets = await managedUsers(tx, scope, ids);
  await assertOwnersLeft(tx, targets);
  const targetIds = targets.map((user) => user.id);
  await tx.delete(users).where(inArray(users.id, targetIds));
  await reassignOwner(tx, targets);
  await app.sessions.within(tx).forgetUser(targetIds);
}

export async function deleteUsers(app: FastifyInstance, scope: TenantScope, ids: readonly number[]) {
  await app.db.transaction((tx) => removeUsers(app, tx, scope, ids));
  return null;
}

/**
 * Enables or disables accounts. Only active ↔ disabled: an inactive account becomes active only
 * through its invite link. Disabling ends the user's sessions (their next call gets 600004).
 */
export async function toggleUsers(
  app: FastifyInstance,
  scope: TenantScope,
  ids: readonly number[],
  status: typeof AccountStatus.active | typeof AccountStatus.disabled,
) {
  await app.db.transaction(async (tx) => {
    const targets = await managedUsers(tx, scope, ids);
    if (targets.some((user) => user.status === AccountStatus.inactive)) {
      throw new AppError(ResultCode.inUse, 'team.notActivated');
    }
    const targetIds = targets.map((user) => user.id);
    await tx.update(users).set({ status, updatedAt: new Date() }).where(inArray(users.id, targetIds));
    const sessions = app.sessions.within(tx);
    if (status === AccountStatus.disabled) {
      for (const id of targetIds) await sessions.revokeAll(id, 'disabled');
    } else {
      await sessions.forgetUser(targetIds);
    }
  });
  return null;
}

/** Mails the invite again with a fresh link (earlier links stop working); inactive users only. */
export async function sendInvite(app: FastifyInstance, scope: TenantScope, userId: number) {
  await app.db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), visibleUsers(scope)))
      .limit(1);
    if (!target) throw notFound();
    assertManageable(scope.user.roleId, target.roleId);
    if (target.status !== AccountStatus.inactive)
      throw new AppError(ResultCode.inUse, 'team.alreadyActivated');
    await sendActivation(app, tx, target);
  });
  return null;
}
