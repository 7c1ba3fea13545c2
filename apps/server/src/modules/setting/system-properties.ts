import { ResultCode, type SystemPropertyItem, type SystemPropertyName } from '@vitrine/contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { customers, systemProperties } from '../../db/schema';
import { publish } from '../../platform/bus';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import { ownerOf } from './owners';

// System properties: the platform-wide values (no customer) and each customer's own, one value per
// name and owner; every write tells the instances to drop their host → brand cache.

type PropertyWrite = { name: SystemPropertyName; value: string; customer_id?: number | null };

const columns = {
  id: systemProperties.id,
  name: systemProperties.name,
  value: systemProperties.value,
  customer_id: systemProperties.customerId,
  customer_name: customers.name,
  updatedAt: systemProperties.updatedAt,
};

const present = ({
  updatedAt,
  ...row
}: { updatedAt: Date } & Omit<SystemPropertyItem, 'updated_at'>): SystemPropertyItem => ({
  ...row,
  updated_at: updatedAt.toISOString(),
});

/** A customer sees only its own values; the system role sees all. */
const visible = (scope: TenantScope) =>
  scope.isPlatform ? undefined : scope.customerFilter(systemProperties.customerId);

function select(db: Db, scope: TenantScope, id?: number) {
  return db
    .select(columns)
    .from(systemProperties)
    .leftJoin(customers, eq(customers.id, systemProperties.customerId))
    .where(and(visible(scope), id === undefined ? undefined : eq(systemProperties.id, id)));
}

export async function propertyList(db: Db, scope: TenantScope) {
  const rows = await select(db, scope).orderBy(
    sql`${systemProperties.customerId} nulls first`,
    asc(systemProperties.name),
  );
  return { list: rows.map(present) };
}

async function propertyInScope(db: Db, scope: TenantScope, id: number) {
  const [row] = await db
    .select({ id: systemProperties.id })
    .from(systemProperties)
    .where(and(eq(systemProperties.id, id), visible(scope)))
    .limit(1);
  if (!row) throw notFound();
}

/** Creates (id null) or changes a value; a second value of one name for one owner is refused. */
export async function saveProperty(
  app: FastifyInstance,
  scope: TenantScope,
  id: number | null,
  body: PropertyWrite,
): Promise<SystemPropertyItem> {
  const customerId = await ownerOf(app.db, scope, body.customer_id, null);
  const owner =
    customerId === null ? isNull(systemProperties.customerId) : eq(systemProperties.customerId, customerId);
  try {
    const saved = await app.db.transaction(async (tx) => {
      if (id !== null) await propertyInScope(tx, scope, id);
      const [taken] = await tx
        .select({ id: systemProperties.id })
        .from(systemProperties)
        .where(
          and(
            eq(systemProperties.name, body.name),
            owner,
            id === null ? undefined : ne(systemProperties.id, id),
          ),
        )
        .limit(1);
      if (taken) throw nameTaken(body.name);
      const values = { name: body.name, value: body.value, customerId, updatedAt: new Date() };
      const [row] =
        id === null
          ? await tx.insert(systemProperties).values(values).returning({ id: systemProperties.id })
          : await tx
              .update(systemProperties)
              .set(values)
              .where(eq(systemProperties.id, id))
              .returning({ id: systemProperties.id });
      await publish(tx, { type: 'brand-changed' });
      return row.id;
    });
    const [row] = await select(app.db, scope, saved);
    return present(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(body.name);
    throw error;
  }
}

const nameTaken = (name: string) => new AppError(ResultCode.duplicate, 'property.taken', { name });

export async function deleteProperty(app: FastifyInstance, scope: TenantScope, id: number) {
  await app.db.transaction(async (tx) => {
    await propertyInScope(tx, scope, id);
    await tx.delete(systemProperties).where(eq(systemProperties.id, id));
    await publish(tx, { type: 'brand-changed' });
  });
  return null;
}

/** The values that hold for a customer's users and domains: its own, else the platform's. */
export async function propertiesFor(db: Db, customerId: number | null) {
  const rows = await db
    .select({
      name: systemProperties.name,
      value: systemProperties.value,
      customerId: systemProperties.customerId,
    })
    .from(systemProperties)
    .where(
      customerId === null
        ? isNull(systemProperties.customerId)
        : sql`${systemProperties.customerId} is null or ${systemProperties.customerId} = ${customerId}`,
    );
  const values: Partial<Record<SystemPropertyName, string>> = {};
  // Platform-wide first, so the customer's own value overwrites it.
  for (const row of rows.sort(
    (a, b) => (a.customerId === null ? -1 : 0) - (b.customerId === null ? -1 : 0),
  )) {
    values[row.name as SystemPropertyName] = row.value;
  }
  return values;
}
