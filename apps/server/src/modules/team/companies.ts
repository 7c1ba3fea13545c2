import {
  AccountStatus,
  type CompanyItem,
  type CompanyList,
  CompanyOrigin,
  type createCompanyRequestSchema,
  ResultCode,
  Role,
  type updateCompanyRequestSchema,
} from '@vitrine/contract';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companies, customers, devices, users, workspaces } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { keywordFilter, type ListQuery, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { sendActivation } from '../account';
import { presentCompany } from './presenter';
import { assertEmailFree } from './users';

// Companies (the spec's "group"): made by the platform or a customer together with their root
// workspace and their owner, who is invited by mail. Correlated subqueries state their conditions
// with eq()/and(), which keeps the table names drizzle drops from bare columns.

const owner = alias(users, 'owner');
const memberCount =
  sql<number>`(select count(*) from ${users} where ${eq(users.companyId, companies.id)})`.mapWith(Number);
/** Members other than the recorded owner: a company with any cannot be deleted. */
const otherMembers = sql<number>`(select count(*) from ${users} where ${and(
  eq(users.companyId, companies.id),
  sql`${users.id} is distinct from ${companies.ownerUserId}`,
)})`.mapWith(Number);
const deviceCount =
  sql<number>`(select count(*) from ${devices} where ${eq(devices.companyId, companies.id)})`.mapWith(Number);
const rootWorkspace = sql<number | null>`(select min(${sql`${workspaces.id}`}) from ${workspaces} where ${and(
  eq(workspaces.companyId, companies.id),
  isNull(workspaces.parentId),
)})`;

const SORT_COLUMNS = {
  company_name: companies.name,
  created_at: companies.createdAt,
  member_count: memberCount,
};

function selectCompanies(db: Db) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      rootWorkspaceId: rootWorkspace,
      ownerId: owner.id,
      ownerUsername: owner.username,
      ownerEmail: owner.email,
      ownerStatus: owner.status,
      customerId: companies.customerId,
      customerName: customers.name,
      memberCount,
      otherMembers,
      deviceCount,
      userLimit: companies.userLimit,
      origin: companies.origin,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .leftJoin(customers, eq(customers.id, companies.customerId))
    .leftJoin(owner, eq(owner.id, companies.ownerUserId));
}

/** A page of companies matching every condition, searched by name. */
export async function listCompanies(
  db: Db,
  conditions: (SQL | undefined)[],
  query: ListQuery,
): Promise<CompanyList> {
  const where = and(...conditions, keywordFilter(query.keyword, companies.name));
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    selectCompanies(db)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT_COLUMNS, 'created_at,desc', companies.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(companies)
      .where(where),
  ]);
  return { list: rows.map(presentCompany), total };
}

/** GET group, group/sys-generation (origin 1), group/user-generation (origin 2). */
export function companyList(
  app: FastifyInstance,
  scope: TenantScope,
  query: ListQuery & { customer_id?: number },
  origin?: CompanyOrigin,
) {
  return listCompanies(
    app.db,
    [
      scope.companyFilter(companies.id),
      query.customer_id === undefined ? undefined : eq(companies.customerId, query.customer_id),
      origin === undefined ? undefined : eq(companies.origin, origin),
    ],
    query,
  );
}

/** A company the caller may see, as the API shows it; 404001 otherwise. */
export async function companyDetail(db: Db, scope: TenantScope, id: number): Promise<CompanyItem> {
  const [row] = await selectCompanies(db)
    .where(and(eq(companies.id, id), scope.companyFilter(companies.id)))
    .limit(1);
  if (!row) throw notFound();
  return presentCompany(row);
}

/** Only the platform and customers make, change and delete companies (owners run theirs). */
function assertRunsCompanies(scope: TenantScope) {
  if (scope.kind !== 'platform' && scope.kind !== 'customer') throw forbidden();
}

/** The customer a new company belongs to: the platform's choice, or a customer's own. */
async function ownerCustomer(db: Db, scope: TenantScope, requested: number | null | undefined) {
  if (scope.kind === 'customer') {
    if (requested && requested !== scope.customerId) throw notFound();
    return { customerId: scope.customerId, origin: CompanyOrigin.customer };
  }
  if (requested) {
    const [customer] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, requested));
    if (!customer) throw notFound();
  }
  return { customerId: requested ?? null, origin: CompanyOrigin.platform };
}

/**
 * A company, its root workspace (named after it) and its owner, invited by mail: one transaction.
 * The owner starts in the platform's default language and time zone (/setting/server).
 */
export async function createCompany(
  app: FastifyInstance,
  scope: TenantScope,
  input: z.output<typeof createCompanyRequestSchema>,
): Promise<CompanyItem> {
  assertRunsCompanies(scope);
  const { default_language: language, default_timezone: timezone } = app.systemSettings.current;
  const { customerId, origin } = await ownerCustomer(app.db, scope, input.customer_id);
  const id = await app.db.transaction(async (tx) => {
    await assertEmailFree(tx, input.owner_email);
    const [company] = await tx
      .insert(companies)
      .values({ name: input.company_name, customerId, origin, userLimit: input.user_limit ?? null })
      .returning();
    const [root] = await tx
      .insert(workspaces)
      .values({ companyId: company.id, name: input.company_name })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        email: input.owner_email,
        username: input.owner_username,
        roleId: Role.owner,
        status: AccountStatus.inactive,
        companyId: company.id,
        workspaceId: root.id,
        activeWorkspaceId: root.id,
        createdBy: scope.user.userId,
        language,
        timezone,
      })
      .returning();
    await tx.update(companies).set({ ownerUserId: user.id }).where(eq(companies.id, company.id));
    await sendActivation(app, tx, user);
    return company.id;
  });
  return companyDetail(app.db, scope, id);
}

/** Renames; user_limit absent stays, null removes the limit. */
export async function updateCompany(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  input: z.output<typeof updateCompanyRequestSchema>,
): Promise<CompanyItem> {
  await companyDetail(app.db, scope, id);
  assertRunsCompanies(scope);
  await app.db
    .update(companies)
    .set({
      name: input.company_name,
      ...(input.user_limit === undefined ? {} : { userLimit: input.user_limit }),
    })
    .where(eq(companies.id, id));
  return companyDetail(app.db, scope, id);
}

/**
 * Deletes a company with its owner, workspaces and user groups; refused while it has other
 * members, or anything another area registered as keeping its workspaces (devices, content…).
 */
export async function deleteCompany(app: FastifyInstance, scope: TenantScope, id: number) {
  await companyDetail(app.db, scope, id);
  assertRunsCompanies(scope);
  const held = await app.db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
    const members = await tx.select({ id: users.id }).from(users).where(eq(users.companyId, id));
    const spaces = (
      await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.companyId, id))
    ).map((row) => row.id);
    const blockers = (await app.workspaceBlockers.find(tx, spaces)).filter((name) => name !== 'users');
    if (members.some((member) => member.id !== company.ownerUserId) || blockers.length > 0) {
      throw new AppError(ResultCode.inUse, 'team.companyHasMembers', {}, { blockers });
    }
    // A platform user who had chosen one of its workspaces goes back to none.
    const moved = spaces.length
      ? await tx
          .update(users)
          .set({ activeWorkspaceId: users.workspaceId })
          .where(inArray(users.activeWorkspaceId, spaces))
          .returning({ id: users.id })
      : [];
    await tx.delete(users).where(eq(users.companyId, id));
    await app.sessions.within(tx).forgetUser([...members, ...moved].map((user) => user.id));
    // Its icons, fonts and startup media go with it (the cascade): their files after the commit.
    const files = await app.ownerFiles.held(tx, 'company', [id]);
    await tx.delete(companies).where(eq(companies.id, id));
    return files;
  });
  await app.ownerFiles.release(held);
  return null;
}
