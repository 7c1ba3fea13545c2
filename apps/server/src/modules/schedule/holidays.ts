import {
  type Holiday,
  type holidayListQuerySchema,
  type holidayRequestSchema,
  type ListResult,
  ResultCode,
} from '@vitrine/contract';
import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { holidays, workspaces } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { orderOf, pageOf } from '../../platform/lists';
import { notifyHolidaysChanged } from '../../platform/screen-changes';
import type { TenantScope } from '../../platform/tenancy';
import { presentHoliday } from './presenter';

// Holidays (/setting/exclude-data, /manager/holiday): company-wide dates on which the schedules
// that exclude holidays do not play. One holiday per date and company (409006 'schedule.holidayExists').
// A change reaches the screens of the company's approved schedules that exclude holidays.

/**
 * The company whose holidays the caller keeps: their own, or for the platform and customers the
 * company of the workspace chosen in the top bar (else 403001: no company to keep them for).
 */
async function companyOf(db: Db, scope: TenantScope): Promise<number> {
  if (scope.companyId !== null) return scope.companyId;
  if (scope.activeWorkspaceId !== null && (await scope.canUseWorkspace(scope.activeWorkspaceId, db))) {
    const [row] = await db
      .select({ companyId: workspaces.companyId })
      .from(workspaces)
      .where(eq(workspaces.id, scope.activeWorkspaceId));
    if (row) return row.companyId;
  }
  throw forbidden();
}

/** Which companies' holidays the caller sees: their own, or the chosen company's, or all they may see. */
function visible(scope: TenantScope): ReturnType<TenantScope['companyFilter']> {
  if (scope.companyId !== null || scope.activeWorkspaceId === null)
    return scope.companyFilter(holidays.companyId);
  return and(
    scope.companyFilter(holidays.companyId),
    sql`${holidays.companyId} = (select ${workspaces.companyId} from ${workspaces} where ${workspaces.id} = ${scope.activeWorkspaceId})`,
  );
}

const SORT = { date: holidays.date, name: holidays.name };

/** GET holiday: the company's holidays, of one year when asked, by date. */
export async function holidayList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof holidayListQuerySchema>,
): Promise<ListResult<Holiday>> {
  const where = and(
    visible(scope),
    query.year === undefined
      ? undefined
      : and(gte(holidays.date, `${query.year}-01-01`), lte(holidays.date, `${query.year}-12-31`)),
  );
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(holidays)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'date,asc', holidays.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(holidays)
      .where(where),
  ]);
  return { list: rows.map(presentHoliday), total };
}

/** 409006 when another holiday of the company has this date. */
async function assertFreeDate(tx: Db, companyId: number, date: string, except: number | null) {
  const [taken] = await tx
    .select({ id: holidays.id })
    .from(holidays)
    .where(
      and(
        eq(holidays.companyId, companyId),
        eq(holidays.date, date),
        except === null ? undefined : ne(holidays.id, except),
      ),
    )
    .limit(1);
  if (taken) throw new AppError(ResultCode.duplicate, 'schedule.holidayExists');
}

/** Serializes the holiday writes of one company, so two saves of one date cannot both pass the check. */
async function lockCompany(tx: Db, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`holidays:${companyId}`}, 0))`);
}

/** POST holiday. */
export async function createHoliday(
  app: FastifyInstance,
  scope: TenantScope,
  fields: z.output<typeof holidayRequestSchema>,
): Promise<Holiday> {
  return app.db.transaction(async (tx) => {
    const companyId = await companyOf(tx, scope);
    await lockCompany(tx, companyId);
    await assertFreeDate(tx, companyId, fields.date, null);
    const [row] = await tx
      .insert(holidays)
      .values({ companyId, name: fields.name, date: fields.date })
      .returning();
    await notifyHolidaysChanged(tx, companyId);
    return presentHoliday(row);
  });
}

/** The holiday in scope; 404001 otherwise. */
async function holidayOf(tx: Db, scope: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(holidays)
    .where(and(eq(holidays.id, id), scope.companyFilter(holidays.companyId)));
  if (!row) throw notFound();
  return row;
}

/** PUT holiday/:id. */
export async function updateHoliday(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  fields: z.output<typeof holidayRequestSchema>,
): Promise<Holiday> {
  return app.db.transaction(async (tx) => {
    const found = await holidayOf(tx, scope, id);
    await lockCompany(tx, found.companyId);
    await assertFreeDate(tx, found.companyId, fields.date, id);
    const [row] = await tx
      .update(holidays)
      .set({ name: fields.name, date: fields.date })
      .where(eq(holidays.id, id))
      .returning();
    if (!row) throw notFound();
    if (row.date !== found.date) await notifyHolidaysChanged(tx, found.companyId);
    return presentHoliday(row);
  });
}

/** DELETE holiday/:id. */
export async function deleteHoliday(app: FastifyInstance, scope: TenantScope, id: number) {
  await app.db.transaction(async (tx) => {
    const found = await holidayOf(tx, scope, id);
    await lockCompany(tx, found.companyId);
    const deleted = await tx.delete(holidays).where(eq(holidays.id, id)).returning({ id: holidays.id });
    if (deleted.length === 0) throw notFound();
    await notifyHolidaysChanged(tx, found.companyId);
  });
  return null;
}
