import { type CustomDomainItem, type CustomDomainRequest, ResultCode } from '@vitrine/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { customDomains, customers } from '../../db/schema';
import { publish } from '../../platform/bus';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import { ownerOf } from './owners';

// Custom domains: a customer's host names (one customer per host), listed and written in the
// caller's scope; every write tells the instances to drop their host → brand cache.

type DomainWrite = Omit<CustomDomainRequest, 'host'> & { host: string };

const columns = {
  id: customDomains.id,
  host: customDomains.host,
  customer_id: customDomains.customerId,
  customer_name: customers.name,
  createdAt: customDomains.createdAt,
};

const present = ({ createdAt, ...row }: { createdAt: Date } & Omit<CustomDomainItem, 'created_at'>) => ({
  ...row,
  created_at: createdAt.toISOString(),
});

function select(db: Db, scope: TenantScope, id?: number) {
  return db
    .select(columns)
    .from(customDomains)
    .innerJoin(customers, eq(customers.id, customDomains.customerId))
    .where(
      and(
        scope.customerFilter(customDomains.customerId),
        id === undefined ? undefined : eq(customDomains.id, id),
      ),
    );
}

export async function domainList(db: Db, scope: TenantScope) {
  const rows = await select(db, scope).orderBy(asc(customDomains.host));
  return { list: rows.map(present) };
}

async function domainInScope(db: Db, scope: TenantScope, id: number) {
  const [row] = await db
    .select({ id: customDomains.id })
    .from(customDomains)
    .where(and(eq(customDomains.id, id), scope.customerFilter(customDomains.customerId)))
    .limit(1);
  if (!row) throw notFound();
}

/** Creates (id null) or changes a domain; a host another domain has is refused, whoever owns it. */
export async function saveDomain(
  app: FastifyInstance,
  scope: TenantScope,
  id: number | null,
  body: DomainWrite,
): Promise<CustomDomainItem> {
  const customerId = (await ownerOf(app.db, scope, body.customer_id, 'domain.host.customer')) as number;
  try {
    const saved = await app.db.transaction(async (tx) => {
      if (id !== null) await domainInScope(tx, scope, id);
      const [taken] = await tx
        .select({ id: customDomains.id })
        .from(customDomains)
        .where(and(eq(customDomains.host, body.host), id === null ? undefined : ne(customDomains.id, id)))
        .limit(1);
      if (taken) throw hostTaken(body.host);
      const values = { host: body.host, customerId };
      const [row] =
        id === null
          ? await tx.insert(customDomains).values(values).returning({ id: customDomains.id })
          : await tx
              .update(customDomains)
              .set(values)
              .where(eq(customDomains.id, id))
              .returning({ id: customDomains.id });
      await publish(tx, { type: 'brand-changed' });
      return row.id;
    });
    const [row] = await select(app.db, scope, saved);
    return present(row);
  } catch (error) {
    // Two writes of one host at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw hostTaken(body.host);
    throw error;
  }
}

const hostTaken = (host: string) => new AppError(ResultCode.duplicate, 'domain.taken', { host });

export async function deleteDomain(app: FastifyInstance, scope: TenantScope, id: number) {
  await app.db.transaction(async (tx) => {
    await domainInScope(tx, scope, id);
    await tx.delete(customDomains).where(eq(customDomains.id, id));
    await publish(tx, { type: 'brand-changed' });
  });
  return null;
}
