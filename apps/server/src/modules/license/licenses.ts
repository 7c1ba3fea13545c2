import type {
  LicenseBatchItem,
  LicenseHolderKind,
  LicensePoolItem,
  LicenseTransfer,
  ListResult,
  licenseAssignRequestSchema,
  licenseBatchCreateRequestSchema,
  licenseBatchListQuerySchema,
  licenseIssueRequestSchema,
  licenseTransferListQuerySchema,
} from '@vitrine/contract';
import { ResultCode } from '@vitrine/contract';
import { and, type Column, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  companies,
  customers,
  devices,
  licenseBatches,
  licensePools,
  licenseTransfers,
  users,
} from '../../db/schema';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { batchFields } from '../../platform/licence-state';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { batchUsable, type Holder, move, PLATFORM } from './ledger';

// Licence batches, pools and the ledger (docs/license.md). The caller's holder decides what it
// sees: the platform (system roles), its customer (customer role) or its company (owner).

type Batch = typeof licenseBatches.$inferSelect;

const userName = (id: Column) =>
  sql<string>`coalesce((select coalesce(nullif(${users.nickname}, ''), ${users.username}) from ${users} where ${users.id} = ${id}), '')`;

/** A pool row's figures: assigned = passed on, available = still held while the batch is usable. */
const balance = (batch: Batch, received: number, held: number) => ({
  quantity: received,
  assigned: received - held,
  unassigned: held,
  available: batchUsable(batch) ? held : 0,
});

/** The holder the caller acts as, or null when it holds no licences. */
export function holderOf(scope: TenantScope): Holder | null {
  if (scope.kind === 'platform') return PLATFORM;
  if (scope.kind === 'customer' && scope.customerId !== null)
    return { kind: 'customer', id: scope.customerId };
  if ((scope.kind === 'company' || scope.kind === 'workspace') && scope.companyId !== null) {
    return { kind: 'company', id: scope.companyId };
  }
  return null;
}

const poolOf = (holder: Holder) =>
  and(eq(licensePools.holderKind, holder.kind), eq(licensePools.holderId, holder.id));

// ── Batches (the platform) ─────────────────────────────────────────────────────────────────────

const batchColumns = {
  batch: licenseBatches,
  received: sql<number>`coalesce(${licensePools.received}, 0)`.mapWith(Number),
  held: sql<number>`coalesce(${licensePools.held}, 0)`.mapWith(Number),
  createdBy: userName(licenseBatches.createdBy),
};

const selectBatches = (db: Db) =>
  db
    .select(batchColumns)
    .from(licenseBatches)
    .leftJoin(licensePools, and(eq(licensePools.batchId, licenseBatches.id), poolOf(PLATFORM)));

const presentBatch = (row: { batch: Batch; received: number; held: number; createdBy: string }) => ({
  ...batchFields(row.batch),
  ...balance(row.batch, row.received, row.held),
  created_by: row.createdBy,
  created_at: row.batch.createdAt.toISOString(),
});

const BATCH_SORT = { batch_no: licenseBatches.batchNo, created_at: licenseBatches.createdAt };

export async function batchList(
  db: Db,
  query: z.output<typeof licenseBatchListQuerySchema>,
): Promise<ListResult<LicenseBatchItem>> {
  const where = and(
    keywordFilter(query.keyword, licenseBatches.batchNo),
    query.type ? eq(licenseBatches.type, query.type) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    selectBatches(db)
      .where(where)
      .orderBy(...orderOf(query.sort, BATCH_SORT, 'created_at,desc', licenseBatches.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(licenseBatches)
      .where(where),
  ]);
  return { list: rows.map(presentBatch), total };
}

const batchNoTaken = () => new AppError(ResultCode.duplicate, 'license.batchNoTaken');

/** POST batch: the batch and its licences minted at the platform, one transaction. */
export async function createBatch(
  app: FastifyInstance,
  scope: TenantScope,
  body: z.output<typeof licenseBatchCreateRequestSchema>,
): Promise<LicenseBatchItem> {
  try {
    const id = await app.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: licenseBatches.id })
        .from(licenseBatches)
        .where(eq(licenseBatches.batchNo, body.batch_no))
        .limit(1);
      if (taken) throw batchNoTaken();
      const [batch] = await tx
        .insert(licenseBatches)
        .values({
          type: body.type,
          batchNo: body.batch_no,
          validityType: body.validity_type,
          // Only the field of the chosen validity is kept.
          effectDays: body.validity_type === 'days' ? (body.effect_days ?? null) : null,
          expirationDate: body.validity_type === 'date' ? (body.expiration_date ?? null) : null,
          quantity: body.quantity,
          maxUseTimes: body.max_use_times,
          createdBy: scope.user.userId,
        })
        .returning();
      await move(tx, {
        batch,
        from: null,
        to: PLATFORM,
        quantity: body.quantity,
        actorId: scope.user.userId,
      });
      return batch.id;
    });
    const [row] = await selectBatches(app.db).where(eq(licenseBatches.id, id));
    return presentBatch(row);
  } catch (error) {
    // Two creations of one batch number at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw batchNoTaken();
    throw error;
  }
}

async function batchById(tx: Db, id: number): Promise<Batch> {
  const [batch] = await tx.select().from(licenseBatches).where(eq(licenseBatches.id, id)).limit(1);
  if (!batch) throw notFound();
  return batch;
}

/** POST batch/:id/issue: the platform gives licences of a batch to a customer. */
export async function issue(
  app: FastifyInstance,
  scope: TenantScope,
  batchId: number,
  body: z.output<typeof licenseIssueRequestSchema>,
): Promise<LicenseTransfer> {
  const id = await app.db.transaction(async (tx) => {
    const batch = await batchById(tx, batchId);
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, body.customer_id), scope.customerFilter(customers.id)))
      .limit(1);
    if (!customer) throw notFound();
    return move(tx, {
      batch,
      from: PLATFORM,
      to: { kind: 'customer', id: customer.id },
      quantity: body.quantity,
      actorId: scope.user.userId,
    });
  });
  return transferDetail(app.db, scope, id);
}

// ── Pools (customers and companies) ────────────────────────────────────────────────────────────

/** GET shunt / company-shunt: the caller's balance per batch, newest batch first. */
export async function poolOfCaller(db: Db, scope: TenantScope): Promise<{ list: LicensePoolItem[] }> {
  const holder = holderOf(scope);
  if (!holder) return { list: [] };
  const rows = await db
    .select({ batch: licenseBatches, received: licensePools.received, held: licensePools.held })
    .from(licensePools)
    .innerJoin(licenseBatches, eq(licenseBatches.id, licensePools.batchId))
    .where(poolOf(holder))
    .orderBy(desc(licenseBatches.createdAt), desc(licenseBatches.id));
  return {
    list: rows.map((row) => ({ ...batchFields(row.batch), ...balance(row.batch, row.received, row.held) })),
  };
}

/**
 * POST assign: a customer passes licences of a batch it holds to one of its companies. Another
 * customer's company, or a batch it holds none of, is 404001; more than it holds is 409007.
 */
export async function assign(
  app: FastifyInstance,
  scope: TenantScope,
  body: z.output<typeof licenseAssignRequestSchema>,
): Promise<LicenseTransfer> {
  const holder = holderOf(scope);
  if (holder?.kind !== 'customer') throw notFound();
  const id = await app.db.transaction(async (tx) => {
    if (!(await scope.canUseCompany(body.company_id, tx))) throw notFound();
    const [held] = await tx
      .select({ batch: licenseBatches })
      .from(licensePools)
      .innerJoin(licenseBatches, eq(licenseBatches.id, licensePools.batchId))
      .where(and(poolOf(holder), eq(licensePools.batchId, body.batch_id)))
      .limit(1);
    if (!held) throw notFound();
    return move(tx, {
      batch: held.batch,
      from: holder,
      to: { kind: 'company', id: body.company_id },
      quantity: body.quantity,
      actorId: scope.user.userId,
    });
  });
  return transferDetail(app.db, scope, id);
}

// ── The ledger ─────────────────────────────────────────────────────────────────────────────────

/** The ledger rows the caller may read: the platform all, others those its holder sent or received. */
function transfersOf(scope: TenantScope): SQL | undefined {
  const holder = holderOf(scope);
  if (!holder) return sql`false`;
  if (holder.kind === 'platform') return undefined;
  return or(
    and(eq(licenseTransfers.fromKind, holder.kind), eq(licenseTransfers.fromId, holder.id)),
    and(eq(licenseTransfers.toKind, holder.kind), eq(licenseTransfers.toId, holder.id)),
  );
}

type TransferRow = { transfer: typeof licenseTransfers.$inferSelect; batch: Batch; actor: string };

const selectTransfers = (db: Db) =>
  db
    .select({ transfer: licenseTransfers, batch: licenseBatches, actor: userName(licenseTransfers.actorId) })
    .from(licenseTransfers)
    .innerJoin(licenseBatches, eq(licenseBatches.id, licenseTransfers.batchId));

/** Names of the customers, companies and devices the rows name, by kind and id. */
async function holderNames(db: Db, rows: TransferRow[]) {
  const ids = (kind: LicenseHolderKind) => [
    ...new Set(
      rows.flatMap((row) => [
        ...(row.transfer.fromKind === kind ? [row.transfer.fromId as number] : []),
        ...(row.transfer.toKind === kind ? [row.transfer.toId] : []),
      ]),
    ),
  ];
  const named = async (
    kind: LicenseHolderKind,
    read: (ids: number[]) => Promise<{ id: number; name: string }[]>,
  ) => {
    const list = ids(kind);
    return list.length === 0 ? [] : (await read(list)).map((row) => [`${kind}:${row.id}`, row.name] as const);
  };
  const found = await Promise.all([
    named('customer', (list) =>
      db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(inArray(customers.id, list)),
    ),
    named('company', (list) =>
      db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, list)),
    ),
    named('device', (list) =>
      db
        .select({ id: devices.id, name: sql<string>`coalesce(${devices.name}, ${devices.signageId})` })
        .from(devices)
        .where(inArray(devices.id, list)),
    ),
  ]);
  return new Map(found.flat());
}

function presentTransfers(rows: TransferRow[], names: Map<string, string>): LicenseTransfer[] {
  const holder = (kind: string, id: number) => ({
    kind: kind as LicenseHolderKind,
    id: kind === 'platform' ? null : id,
    name: names.get(`${kind}:${id}`) ?? '',
  });
  return rows.map(({ transfer, batch, actor }) => ({
    id: transfer.id,
    ...batchFields(batch),
    // Minted licences come from the platform itself.
    from: holder(transfer.fromKind ?? 'platform', transfer.fromId ?? 0),
    to: holder(transfer.toKind, transfer.toId),
    quantity: transfer.quantity,
    created_by: actor,
    created_at: transfer.createdAt.toISOString(),
  }));
}

export async function transferList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof licenseTransferListQuerySchema>,
): Promise<ListResult<LicenseTransfer>> {
  const where = and(
    transfersOf(scope),
    query.batch_id ? eq(licenseTransfers.batchId, query.batch_id) : undefined,
    keywordFilter(query.keyword, licenseBatches.batchNo),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectTransfers(db)
      .where(where)
      .orderBy(
        ...orderOf(
          query.sort,
          { created_at: licenseTransfers.createdAt },
          'created_at,desc',
          licenseTransfers.id,
        ),
      )
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(licenseTransfers)
      .innerJoin(licenseBatches, eq(licenseBatches.id, licenseTransfers.batchId))
      .where(where),
  ]);
  return { list: presentTransfers(rows, await holderNames(db, rows)), total };
}

export async function transferDetail(db: Db, scope: TenantScope, id: number): Promise<LicenseTransfer> {
  const rows = await selectTransfers(db)
    .where(and(eq(licenseTransfers.id, id), transfersOf(scope)))
    .limit(1);
  if (rows.length === 0) throw notFound();
  return presentTransfers(rows, await holderNames(db, rows))[0];
}
