import { randomBytes } from 'node:crypto';
import { Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, customers, userCategories, users, workspaces } from '../db/schema';
import { as, buildUser, loginAs } from './factories';

// Tenants for the team tests: each call makes its own, so tests never share state.

const unique = () => randomBytes(4).toString('hex');

/** A customer (system integrator) with its own logged-in customer-role account. */
export async function buildCustomer(app: FastifyInstance, name = `Customer ${unique()}`) {
  const [customer] = await app.db.insert(customers).values({ name }).returning();
  const account = await buildUser(app, { role: Role.customer });
  await app.db.update(users).set({ customerId: customer.id }).where(eq(users.id, account.id));
  const token = await loginAs(app, account.email);
  return { customer, account: { ...account, customerId: customer.id }, token, call: as(app, token) };
}

type CompanyOptions = {
  customerId?: number | null;
  userLimit?: number | null;
  origin?: number;
  name?: string;
};

/** A company as the team calls make it: a root workspace named after it and its active owner. */
export async function buildTenant(app: FastifyInstance, options: CompanyOptions = {}) {
  const name = options.name ?? `Company ${unique()}`;
  const [company] = await app.db
    .insert(companies)
    .values({
      name,
      customerId: options.customerId ?? null,
      userLimit: options.userLimit ?? null,
      origin: options.origin ?? 1,
    })
    .returning();
  const [root] = await app.db.insert(workspaces).values({ companyId: company.id, name }).returning();
  const owner = await buildUser(app, { role: Role.owner, companyId: company.id, workspaceId: root.id });
  await app.db.update(companies).set({ ownerUserId: owner.id }).where(eq(companies.id, company.id));
  return { company: { ...company, ownerUserId: owner.id }, root, owner };
}

export async function buildWorkspace(
  app: FastifyInstance,
  companyId: number,
  parentId: number,
  name = `Workspace ${unique()}`,
) {
  const [workspace] = await app.db.insert(workspaces).values({ companyId, parentId, name }).returning();
  app.workspaceTrees.forget(companyId); // written past the API, which would have evicted it
  return workspace;
}

export async function buildCategory(app: FastifyInstance, companyId: number, name = `Group ${unique()}`) {
  const [category] = await app.db.insert(userCategories).values({ companyId, name }).returning();
  return category;
}

/** A logged-in member of a company's workspace. */
export async function buildMember(
  app: FastifyInstance,
  workspace: { id: number; companyId: number },
  role: Role = Role.user,
  options: { categoryId?: number; status?: number } = {},
) {
  const user = await buildUser(app, {
    role,
    companyId: workspace.companyId,
    workspaceId: workspace.id,
    ...(options.status === undefined ? {} : { status: options.status }),
  });
  if (options.categoryId) {
    await app.db.update(users).set({ categoryId: options.categoryId }).where(eq(users.id, user.id));
  }
  return user;
}

/** Logs a user in and returns an inject bound to their token. */
export async function callAs(app: FastifyInstance, user: { email: string }) {
  const token = await loginAs(app, user.email);
  return as(app, token);
}
