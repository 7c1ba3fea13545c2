import {
  ResultCode,
  type UserInfo,
  type WorkspaceItem,
  type WorkspaceList,
  type WorkspaceTree,
} from '@vitrine/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { companies, devices, users, workspaces } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { subtreeOf, type TenantScope } from '../../platform/tenancy';
import { profile } from '../account';
import { presentTree, presentWorkspace } from './presenter';

// Workspaces (spec 000 §7 "Workspaces"): a tree per company. The root is made with the company
// and stays; the others are created, renamed, moved (never under themselves) and deleted once
// nothing is left in them.

/** A workspace with members is not deleted: they are moved or removed first. */
export function registerUserBlocker(app: FastifyInstance) {
  app.workspaceBlockers.register('users', 'team', async (tx, workspaceId) => {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.workspaceId, workspaceId))
      .limit(1);
    return row !== undefined;
  });
}

type Workspace = typeof workspaces.$inferSelect;

const deviceCount =
  sql<number>`(select count(*) from ${devices} where ${eq(devices.workspaceId, workspaces.id)})`.mapWith(
    Number,
  );

// eq() keeps the table names, which drizzle drops from bare columns in a one-table select.
const memberCount =
  sql<number>`(select count(*) from ${users} where ${eq(users.workspaceId, workspaces.id)})`.mapWith(Number);

/** GET workspace: every workspace the caller may use, flat, parents before children. */
export async function workspaceList(app: FastifyInstance, scope: TenantScope): Promise<WorkspaceList> {
  const rows = await app.db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      parentId: workspaces.parentId,
      memberCount,
      deviceCount,
    })
    .from(workspaces)
    .where(scope.workspaceFilter(workspaces.id))
    .orderBy(workspaces.companyId, workspaces.id);
  return { list: rows.map(presentWorkspace) };
}

/**
 * GET workspace/select-list: the tree of the caller's own workspaces for the top bar's selector;
 * platform and customer roles have none (they work above the companies).
 */
export async function workspaceTree(app: FastifyInstance, scope: TenantScope): Promise<WorkspaceTree> {
  if (scope.workspaceIds.length === 0) return { result: [] };
  const rows = await app.db
    .select({ id: workspaces.id, name: workspaces.name, parentId: workspaces.parentId })
    .from(workspaces)
    .where(inArray(workspaces.id, [...scope.workspaceIds]))
    .orderBy(workspaces.id);
  return { result: presentTree(rows, scope.user.workspaceId) };
}

/** A workspace the caller may use; 404001 otherwise. */
export async function usableWorkspace(db: Db, scope: TenantScope, id: number): Promise<Workspace> {
  if (!(await scope.canUseWorkspace(id, db))) throw notFound();
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

async function workspaceItem(db: Db, id: number): Promise<WorkspaceItem> {
  const [row] = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      parentId: workspaces.parentId,
      memberCount,
      deviceCount,
    })
    .from(workspaces)
    .where(eq(workspaces.id, id));
  return presentWorkspace(row);
}

export async function createWorkspace(
  app: FastifyInstance,
  scope: TenantScope,
  input: { name: string; parent_id: number },
): Promise<WorkspaceItem> {
  const parent = await usableWorkspace(app.db, scope, input.parent_id);
  const row = await app.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(workspaces)
      .values({ companyId: parent.companyId, parentId: parent.id, name: input.name })
      .returning();
    await app.workspaceTrees.changed(tx, parent.companyId);
    return created;
  });
  return workspaceItem(app.db, row.id);
}

async function companyLinks(db: Db, companyId: number) {
  return db
    .select({ id: workspaces.id, parentId: workspaces.parentId })
    .from(workspaces)
    .where(eq(workspaces.companyId, companyId));
}

/**
 * Renames, and moves under parent_id when given: inside the company, never under itself. The
 * company row is locked, so two moves at once cannot make a loop together.
 */
export async function updateWorkspace(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  input: { name: string; parent_id?: number | null },
): Promise<WorkspaceItem> {
  const workspace = await usableWorkspace(app.db, scope, id);
  await app.db.transaction(async (tx) => {
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, workspace.companyId))
      .for('update');
    let parentId = workspace.parentId;
    if (input.parent_id !== undefined && input.parent_id !== workspace.parentId) {
      if (workspace.parentId === null || input.parent_id === null) {
        throw new AppError(ResultCode.inUse, 'team.rootWorkspace');
      }
      const parent = await usableWorkspace(tx, scope, input.parent_id);
      if (parent.companyId !== workspace.companyId) throw notFound();
      const below = subtreeOf(await companyLinks(tx, workspace.companyId), workspace.id);
      if (below.includes(parent.id)) throw new AppError(ResultCode.inUse, 'team.workspaceCycle');
      parentId = parent.id;
    }
    await tx.update(workspaces).set({ name: input.name, parentId }).where(eq(workspaces.id, id));
    await app.workspaceTrees.changed(tx, workspace.companyId);
  });
  return workspaceItem(app.db, id);
}

/**
 * Deletes a workspace with its sub-workspaces, once nothing registered as a blocker is left in
 * any of them (409001 with data.blockers naming what is). The root is never deleted.
 */
export async function deleteWorkspace(app: FastifyInstance, scope: TenantScope, id: number) {
  const workspace = await usableWorkspace(app.db, scope, id);
  if (workspace.parentId === null) throw new AppError(ResultCode.inUse, 'team.rootWorkspace');
  await app.db.transaction(async (tx) => {
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, workspace.companyId))
      .for('update');
    const doomed = subtreeOf(await companyLinks(tx, workspace.companyId), workspace.id);
    const blockers = await app.workspaceBlockers.find(tx, doomed);
    if (blockers.length > 0) {
      throw new AppError(ResultCode.inUse, 'team.workspaceInUse', {}, { blockers });
    }
    // Someone who had chosen one of these in the top bar goes back to their own workspace.
    const moved = await tx
      .update(users)
      .set({ activeWorkspaceId: users.workspaceId })
      .where(inArray(users.activeWorkspaceId, doomed))
      .returning({ id: users.id });
    await app.sessions.within(tx).forgetUser(moved.map((user) => user.id));
    await tx.delete(workspaces).where(inArray(workspaces.id, doomed));
    await app.workspaceTrees.changed(tx, workspace.companyId);
  });
  return null;
}

/** POST user/workspace: the top bar's choice, kept for the next login; 403002 if not usable. */
export async function switchWorkspace(
  app: FastifyInstance,
  scope: TenantScope,
  workspaceId: number,
): Promise<UserInfo> {
  if (!(await scope.canUseWorkspace(workspaceId))) throw new AppError(ResultCode.workspaceForbidden);
  await app.db
    .update(users)
    .set({ activeWorkspaceId: workspaceId, updatedAt: new Date() })
    .where(eq(users.id, scope.user.userId));
  await app.sessions.forgetUser(scope.user.userId); // the session carries the saved choice
  return profile(app, scope.user.userId);
}
