import {
  AccountStatus,
  type CustomerItem,
  type CustomerList,
  type CustomerOption,
  type createCustomerRequestSchema,
  type Language,
  ResultCode,
  Role,
  type updateCustomerRequestSchema,
} from '@vitrine/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companies, customers, devices, users } from '../../db/schema';
import { publish } from '../../platform/bus';
import { AppError, notFound } from '../../platform/errors';
import { keywordFilter, type ListQuery, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { sendActivation } from '../account';
import { presentCustomer } from './presenter';
import { assertEmailFree } from './users';

// Customers (system integrators): run by the platform roles. Each has its own customer-role
// account, invited by mail, that makes and runs the customer's companies.

// Correlated subqueries state their conditions with eq()/and(): drizzle then keeps the table
// names, which it drops from bare columns in a select over one table.

/** Users of a customer's companies whose role is one of these. */
const usersOfRoles = (roles: readonly number[]) =>
  sql<number>`(select count(*) from ${users} inner join ${companies} on ${eq(companies.id, users.companyId)} where ${and(eq(companies.customerId, customers.id), inArray(users.roleId, [...roles]))})`.mapWith(
    Number,
  );

/** Owners and user admins run a company; members are its users. */
export const ADMIN_ROLES = [Role.owner, Role.userAdmin] as const;
export const MEMBER_ROLES = [Role.user] as const;

const companyCount =
  sql<number>`(select count(*) from ${companies} where ${eq(companies.customerId, customers.id)})`.mapWith(
    Number,
  );
const deviceCount =
  sql<number>`(select count(*) from ${devices} inner join ${companies} on ${eq(companies.id, devices.companyId)} where ${eq(companies.customerId, customers.id)})`.mapWith(
    Number,
  );
const accountEmail = sql<string | null>`(select ${sql`${users.email}`} from ${users} where ${and(
  eq(users.customerId, customers.id),
  eq(users.roleId, Role.customer),
)} order by ${sql`${users.id}`} limit 1)`;

const SORT_COLUMNS = {
  customer_name: customers.name,
  created_at: customers.createdAt,
  company_count: companyCount,
};

function selectCustomers(db: Db) {
  return db
    .select({
      id: customers.id,
      name: customers.name,
      clientType: customers.clientType,
      email: accountEmail,
      userAdminCount: usersOfRoles(ADMIN_ROLES),
      memberCount: usersOfRoles(MEMBER_ROLES),
      companyCount,
      deviceCount,
      createdAt: customers.createdAt,
    })
    .from(customers);
}

export async function customerList(
  app: FastifyInstance,
  scope: TenantScope,
  query: ListQuery,
): Promise<CustomerList> {
  const where = and(scope.customerFilter(customers.id), keywordFilter(query.keyword, customers.name));
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    selectCustomers(app.db)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT_COLUMNS, 'created_at,desc', customers.id))
      .limit(limit)
      .offset(offset),
    app.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(customers)
      .where(where),
  ]);
  return { list: rows.map(presentCustomer), total };
}

/** GET customer/all-list: every customer in scope, by name, for pickers. */
export async function customerOptions(app: FastifyInstance, scope: TenantScope): Promise<CustomerOption[]> {
  const rows = await app.db
    .select({ customer_id: customers.id, customer_name: customers.name })
    .from(customers)
    .where(scope.customerFilter(customers.id))
    .orderBy(asc(customers.name), asc(customers.id));
  return rows;
}

/** A customer the caller may see; 404001 otherwise. */
export async function customerDetail(db: Db, scope: TenantScope, id: number): Promise<CustomerItem> {
  const [row] = await selectCustomers(db)
    .where(and(eq(customers.id, id), scope.customerFilter(customers.id)))
    .limit(1);
  if (!row) throw notFound();
  return presentCustomer(row);
}

/** A customer and its account (role customer, inactive until the mailed invite is opened). */
export async function createCustomer(
  app: FastifyInstance,
  scope: TenantScope,
  input: z.output<typeof createCustomerRequestSchema>,
  language: Language,
): Promise<CustomerItem> {
  const id = await app.db.transaction(async (tx) => {
    await assertEmailFree(tx, input.email);
    const [customer] = await tx
      .insert(customers)
      .values({ name: input.customer_name, clientType: input.client_type || null })
      .returning();
    const [account] = await tx
      .insert(users)
      .values({
        email: input.email,
        username: input.username,
        roleId: Role.customer,
        status: AccountStatus.inactive,
        customerId: customer.id,
        createdBy: scope.user.userId,
        language,
      })
      .returning();
    await sendActivation(app, tx, account);
    return customer.id;
  });
  return customerDetail(app.db, scope, id);
}

/** client_type absent stays as it is; null or empty clears it. */
export async function updateCustomer(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  input: z.output<typeof updateCustomerRequestSchema>,
): Promise<CustomerItem> {
  await customerDetail(app.db, scope, id);
  await app.db
    .update(customers)
    .set({
      name: input.customer_name,
      ...(input.client_type === undefined ? {} : { clientType: input.client_type || null }),
    })
    .where(eq(customers.id, id));
  return customerDetail(app.db, scope, id);
}

/** Deletes a customer, its accounts and its brand; refused (409001) while it still has companies. */
export async function deleteCustomer(app: FastifyInstance, scope: TenantScope, id: number) {
  await customerDetail(app.db, scope, id);
  const held = await app.db.transaction(async (tx) => {
    const [left] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.customerId, id))
      .limit(1);
    if (left) throw new AppError(ResultCode.inUse, 'team.customerHasCompanies');
    const accounts = await tx.delete(users).where(eq(users.customerId, id)).returning({ id: users.id });
    await app.sessions.within(tx).forgetUser(accounts.map((account) => account.id));
    // Its brand images go with it (the cascade): their files after the commit.
    const files = await app.ownerFiles.held(tx, 'customer', [id]);
    await tx.delete(customers).where(eq(customers.id, id));
    // Its custom domains went with it: every instance drops the brand it cached for those hosts.
    await publish(tx, { type: 'brand-changed' });
    return files;
  });
  await app.ownerFiles.release(held);
  return null;
}
