import {
  type ContentItem,
  ContentType,
  type Permission,
  ResultCode,
  type TemplateType,
  type templateTypeRequestSchema,
} from '@vitrine/contract';
import { and, asc, eq, getTableColumns, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contents, templateTypes } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { keepsOwn, platformOrOwn } from '../../platform/platform-owned';
import type { Caller, TenantScope } from '../../platform/tenancy';
import { contentDetail, lockedItems } from '../content';

// Template types (/manager/template-type, the /setting/tmptype page): the sorts of mobile template
// (H5 content). As with fonts, a platform type (no company: the shipped ones and those the
// platform roles add) is offered to every company, a company's own types to it alone; the platform
// changes platform types, a company its own (403001), another company's type is not found
// (404001). A name is unique among the types a caller sees; a type H5 content has is not deleted
// (409001 'templateType.inUse').

type Fields = z.output<typeof templateTypeRequestSchema>;

const MANAGE: Permission = 'setting:template-type:list';

/** Platform types and those of the caller's company (the platform has none of its own). */
export const visibleTemplateTypes = (scope: TenantScope) => platformOrOwn(scope, templateTypes.companyId);

const mayEdit = (caller: Caller, row: { companyId: number | null }) => keepsOwn(caller, MANAGE, row);

/** H5 content of the caller's scope, in the library, per type. */
const contentCount = (scope: TenantScope) =>
  sql<number>`(select count(*) from ${contents} where ${and(
    eq(contents.templateTypeId, templateTypes.id),
    eq(contents.type, ContentType.h5),
    isNull(contents.deletedAt),
    scope.rowFilter({ companyId: contents.companyId, workspaceId: contents.workspaceId }),
  )})`.mapWith(Number);

async function selectTypes(db: Db, caller: Caller, id?: number): Promise<TemplateType[]> {
  const rows = await db
    .select({ ...getTableColumns(templateTypes), contentCount: contentCount(caller.scope) })
    .from(templateTypes)
    .where(and(visibleTemplateTypes(caller.scope), id === undefined ? undefined : eq(templateTypes.id, id)))
    .orderBy(asc(templateTypes.sort), asc(templateTypes.name), asc(templateTypes.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    name_key: row.nameKey,
    sort: row.sort,
    platform: row.companyId === null,
    editable: mayEdit(caller, row),
    content_count: row.contentCount,
    created_at: row.createdAt.toISOString(),
  }));
}

/** GET template-type: every type the caller sees. */
export const templateTypeList = (db: Db, caller: Caller) => selectTypes(db, caller);

async function templateTypeItem(db: Db, caller: Caller, id: number) {
  const [item] = await selectTypes(db, caller, id);
  if (!item) throw notFound();
  return item;
}

/** The type, locked for a write: 404001 unless the caller sees it, 403001 unless they may change it. */
async function lockedType(tx: Db, caller: Caller, id: number) {
  const [row] = await tx
    .select({ id: templateTypes.id, companyId: templateTypes.companyId })
    .from(templateTypes)
    .where(and(eq(templateTypes.id, id), visibleTemplateTypes(caller.scope)))
    .for('update');
  if (!row) throw notFound();
  if (!mayEdit(caller, row)) throw forbidden();
  return row;
}

/**
 * 409001 'templateType.nameTaken' when a type the caller sees, other than `except`, has this name
 * (case aside). Names are locked per company first, so two callers cannot add the same one.
 */
async function assertNameFree(tx: Db, caller: Caller, name: string, except?: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`template-type:${caller.scope.companyId ?? 0}`}, 0))`,
  );
  const [taken] = await tx
    .select({ id: templateTypes.id })
    .from(templateTypes)
    .where(
      and(
        visibleTemplateTypes(caller.scope),
        sql`lower(${templateTypes.name}) = lower(${name})`,
        except === undefined ? undefined : ne(templateTypes.id, except),
      ),
    )
    .limit(1);
  if (taken) throw new AppError(ResultCode.inUse, 'templateType.nameTaken');
}

/** POST template-type: a platform type from the platform roles, a company type from a company's. */
export async function createTemplateType(app: FastifyInstance, caller: Caller, fields: Fields) {
  const { scope } = caller;
  if (!scope.isPlatform && scope.companyId === null) throw forbidden(); // a customer has no templates
  const id = await app.db.transaction(async (tx) => {
    await assertNameFree(tx, caller, fields.name);
    const [row] = await tx
      .insert(templateTypes)
      .values({ companyId: scope.isPlatform ? null : scope.companyId, name: fields.name, sort: fields.sort })
      .returning({ id: templateTypes.id });
    return row.id;
  });
  return templateTypeItem(app.db, caller, id);
}

/** PUT template-type/:id. A shipped type renamed is shown by its new name, not translated. */
export async function editTemplateType(app: FastifyInstance, caller: Caller, id: number, fields: Fields) {
  await app.db.transaction(async (tx) => {
    await lockedType(tx, caller, id);
    await assertNameFree(tx, caller, fields.name, id);
    const [current] = await tx
      .select({ name: templateTypes.name })
      .from(templateTypes)
      .where(eq(templateTypes.id, id));
    await tx
      .update(templateTypes)
      .set({
        name: fields.name,
        sort: fields.sort,
        ...(current.name === fields.name ? {} : { nameKey: null }),
      })
      .where(eq(templateTypes.id, id));
  });
  return templateTypeItem(app.db, caller, id);
}

/** DELETE template-type/:id: refused while content of the library has the type. */
export async function deleteTemplateType(app: FastifyInstance, caller: Caller, id: number) {
  await app.db.transaction(async (tx) => {
    await lockedType(tx, caller, id);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(contents)
      .where(and(eq(contents.templateTypeId, id), isNull(contents.deletedAt)));
    // Items in the recycle bin lose the type with it (the foreign key sets it null).
    if (count > 0) throw new AppError(ResultCode.inUse, 'templateType.inUse', { count });
    await tx.delete(templateTypes).where(eq(templateTypes.id, id));
  });
  return null;
}

/**
 * PUT resource/:id/template-type: an H5 content's type (400001 'h5.notH5' for other content), one
 * offered to the content's company (400001 'validation.templateType.unknown' otherwise), or none.
 */
export async function setContentTemplateType(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  typeId: number | null,
): Promise<ContentItem> {
  await app.db.transaction(async (tx) => {
    const [item] = await lockedItems(tx, caller, [id], 'library');
    if (item.type !== ContentType.h5) throw new AppError(ResultCode.validation, 'h5.notH5');
    if (typeId !== null) {
      const [type] = await tx
        .select({ id: templateTypes.id })
        .from(templateTypes)
        .innerJoin(contents, eq(contents.id, id))
        .where(
          and(
            eq(templateTypes.id, typeId),
            or(isNull(templateTypes.companyId), eq(templateTypes.companyId, contents.companyId)),
          ),
        )
        .for('share', { of: templateTypes });
      if (!type) throw new AppError(ResultCode.validation, 'validation.templateType.unknown');
    }
    await tx
      .update(contents)
      .set({ templateTypeId: typeId, updatedAt: new Date() })
      .where(eq(contents.id, id));
  });
  return contentDetail(app.db, caller.scope, id);
}
