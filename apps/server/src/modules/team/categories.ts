import type { CategoryItem, DeleteCategoryRequest } from '@vitrine/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { userCategories, users } from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import { presentCategory } from './presenter';
import { removeUsers, visibleUsers } from './users';

// User groups (categories) of the caller's company. A user is in at most one; deleting a group
// moves its users to another, deletes them, or leaves them ungrouped.

type Category = typeof userCategories.$inferSelect;

/** The company whose groups the caller runs: its own (platform and customer roles have none). */
function callerCompany(scope: TenantScope): number {
  if (scope.companyId === null) throw forbidden();
  return scope.companyId;
}

export async function categoryList(app: FastifyInstance, scope: TenantScope): Promise<CategoryItem[]> {
  if (scope.companyId === null) return [];
  const visible = visibleUsers(scope);
  const rows = await app.db
    .select({
      id: userCategories.id,
      name: userCategories.name,
      // Only the users the caller can see are counted: a sibling workspace's stay private.
      // and()/eq() keep the table names, which drizzle drops from bare columns in a one-table select.
      userCount: sql<number>`(select count(*) from ${users} where ${and(
        eq(users.categoryId, userCategories.id),
        visible,
      )})`.mapWith(Number),
    })
    .from(userCategories)
    .where(eq(userCategories.companyId, scope.companyId))
    .orderBy(userCategories.name, userCategories.id);
  return rows.map(presentCategory);
}

async function ownCategory(db: Db, scope: TenantScope, id: number): Promise<Category> {
  const [row] = await db
    .select()
    .from(userCategories)
    .where(and(eq(userCategories.id, id), scope.companyFilter(userCategories.companyId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function createCategory(
  app: FastifyInstance,
  scope: TenantScope,
  name: string,
): Promise<CategoryItem> {
  const [row] = await app.db
    .insert(userCategories)
    .values({ companyId: callerCompany(scope), name })
    .returning();
  return presentCategory({ id: row.id, name: row.name, userCount: 0 });
}

export async function renameCategory(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  name: string,
): Promise<CategoryItem> {
  await ownCategory(app.db, scope, id);
  await app.db.update(userCategories).set({ name }).where(eq(userCategories.id, id));
  return (await categoryList(app, scope)).find((item) => item.category_id === id) as CategoryItem;
}

/**
 * Deletes a group in one transaction. Its users move to move_to_category_id, or with
 * delete_users are deleted (those the caller can see and manage; others are left ungrouped),
 * or else stay without a group.
 */
export async function deleteCategory(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  options: NonNullable<DeleteCategoryRequest>,
) {
  const category = await ownCategory(app.db, scope, id);
  await app.db.transaction(async (tx) => {
    if (options.move_to_category_id) {
      const target = await ownCategory(tx, scope, options.move_to_category_id);
      if (target.id === category.id || target.companyId !== category.companyId) throw notFound();
      await tx.update(users).set({ categoryId: target.id }).where(eq(users.categoryId, category.id));
    } else if (options.delete_users) {
      const members = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.categoryId, category.id), visibleUsers(scope)));
      await removeUsers(
        app,
        tx,
        scope,
        members.map((member) => member.id),
      );
    }
    await tx.delete(userCategories).where(eq(userCategories.id, category.id));
  });
  return null;
}

/** DELETE group/category/ungroup/{id}: takes a user the caller can see out of its group. */
export async function ungroupUser(app: FastifyInstance, scope: TenantScope, userId: number) {
  const [row] = await app.db
    .update(users)
    .set({ categoryId: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), visibleUsers(scope)))
    .returning({ id: users.id });
  if (!row) throw notFound();
  return null;
}
