import {
  type CompositionTemplateFields,
  type CompositionTemplateItem,
  type compositionTemplateListQuerySchema,
  type ListResult,
  ResultCode,
} from '@vitrine/contract';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { compositionTemplates } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import { activeWorkspace } from '../content';
import { presentTemplate } from './presenter';

// Composition templates (/manager/composition-template): layouts to start a composition from.
// The shipped ones (no company) are offered to everyone and never change; a company's own are
// saved from the editor, seen company-wide, and may be renamed, replaced or deleted.

const table = compositionTemplates;
const shipped = isNull(table.companyId);

/** Shipped templates and the caller's companies' own; the platform sees every company's. */
const visible = (scope: TenantScope) =>
  scope.isPlatform ? undefined : or(shipped, scope.companyFilter(table.companyId));

const SORT = { name: table.name, created_at: table.createdAt };

/** GET composition-template: the shipped ones first, in their order, then the companies' own. */
export async function templateList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof compositionTemplateListQuerySchema>,
): Promise<ListResult<CompositionTemplateItem>> {
  const where = and(
    visible(scope),
    keywordFilter(query.keyword, table.name),
    query.orientation === undefined ? undefined : eq(table.orientation, query.orientation),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(
        sql`${shipped} desc`,
        asc(sql`case when ${shipped} then ${table.id} end`),
        ...orderOf(query.sort, SORT, 'created_at,desc', table.id),
      )
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .where(where),
  ]);
  return { list: rows.map(presentTemplate), total };
}

const columnsOf = (fields: CompositionTemplateFields) => ({
  name: fields.name,
  width: fields.width,
  height: fields.height,
  orientation: fields.orientation,
  backgroundColor: fields.background_color,
  zones: fields.zones,
});

/** POST composition-template: a layout saved for the active workspace's company. */
export async function createTemplate(
  app: FastifyInstance,
  scope: TenantScope,
  fields: CompositionTemplateFields,
) {
  const [row] = await app.db.transaction(async (tx) => {
    const workspace = await activeWorkspace(tx, scope);
    return tx
      .insert(table)
      .values({ companyId: workspace.companyId, workspaceId: workspace.id, ...columnsOf(fields) })
      .returning();
  });
  return presentTemplate(row);
}

/** A company's own template in scope, locked; 404001 unseen, 403001 for a shipped one. */
async function ownTemplate(tx: Db, scope: TenantScope, id: number) {
  const [row] = await tx
    .select({ companyId: table.companyId })
    .from(table)
    .where(and(eq(table.id, id), visible(scope)))
    .for('update');
  if (!row) throw notFound();
  if (row.companyId === null) throw new AppError(ResultCode.permission, 'composition.templateShipped');
}

/** PUT composition-template/:id: name and layout anew. */
export async function editTemplate(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  fields: CompositionTemplateFields,
) {
  const [row] = await app.db.transaction(async (tx) => {
    await ownTemplate(tx, scope, id);
    return tx.update(table).set(columnsOf(fields)).where(eq(table.id, id)).returning();
  });
  return presentTemplate(row);
}

/** DELETE composition-template/:id. */
export async function deleteTemplate(app: FastifyInstance, scope: TenantScope, id: number) {
  await app.db.transaction(async (tx) => {
    await ownTemplate(tx, scope, id);
    await tx.delete(table).where(eq(table.id, id));
  });
  return null;
}
