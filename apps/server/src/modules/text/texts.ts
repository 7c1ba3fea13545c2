import type {
  ListResult,
  TextDirection,
  TextFields,
  TextItem,
  TextPosition,
  textListQuerySchema,
} from '@vitrine/contract';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contentTexts, fonts, users } from '../../db/schema';
import { deleteInScope } from '../../platform/bulk-delete';
import { notFound } from '../../platform/errors';
import { keywordFilter, listPage, orderOf } from '../../platform/lists';
import { insertOwned } from '../../platform/owned-rows';
import { notifyProgramsChanged } from '../../platform/screen-changes';
import type { TenantScope } from '../../platform/tenancy';
import type { Uses } from '../../platform/uses';
import { activeWorkspace } from '../content';
import { assertFontVisible } from '../font';
import { mediaUrl } from '../media';

// Text messages (/manager/text): marquees kept per workspace, found through the caller's tenant
// scope like content (another tenant's id answers 404001); new ones go to the active workspace.

type TextRow = typeof contentTexts.$inferSelect & {
  creatorName: string | null;
  fontFamily: string | null;
  fontHash: string | null;
};

const rowColumns = {
  ...getTableColumns(contentTexts),
  creatorName: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
  fontFamily: fonts.family,
  fontHash: fonts.hash,
};

const selectRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(contentTexts)
    .leftJoin(users, eq(users.id, contentTexts.creatorId))
    .leftJoin(fonts, eq(fonts.id, contentTexts.fontId));

const visible = (scope: TenantScope) =>
  scope.rowFilter({ companyId: contentTexts.companyId, workspaceId: contentTexts.workspaceId });

const presentText = (row: TextRow): TextItem => ({
  id: row.id,
  title: row.title,
  content: row.content,
  position: row.position as TextPosition,
  direction: row.direction as TextDirection,
  speed: row.speed,
  color: row.color,
  background_color: row.backgroundColor,
  font_size: row.fontSize,
  font_id: row.fontId,
  font_family: row.fontFamily,
  font_url: mediaUrl(row.fontHash),
  creator_name: row.creatorName,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const columnsOf = (fields: TextFields) => ({
  title: fields.title,
  content: fields.content,
  position: fields.position,
  direction: fields.direction,
  speed: fields.speed,
  color: fields.color,
  backgroundColor: fields.background_color,
  fontSize: fields.font_size,
  fontId: fields.font_id,
});

const SORT = {
  title: contentTexts.title,
  created_at: contentTexts.createdAt,
  updated_at: contentTexts.updatedAt,
};

/** GET text: the texts in scope, keyword over title and content. */
export async function textList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof textListQuerySchema>,
): Promise<ListResult<TextItem>> {
  const { rows, total } = await listPage(
    db,
    {
      rows: selectRows(db).$dynamic(),
      table: contentTexts,
      where: and(visible(scope), keywordFilter(query.keyword, contentTexts.title, contentTexts.content)),
      order: orderOf(query.sort, SORT, 'created_at,desc', contentTexts.id),
    },
    query,
  );
  return { list: rows.map(presentText), total };
}

/** GET text/:id. */
export async function textItem(db: Db, scope: TenantScope, id: number): Promise<TextItem> {
  const [row] = await selectRows(db)
    .where(and(eq(contentTexts.id, id), visible(scope)))
    .limit(1);
  if (!row) throw notFound();
  return presentText(row);
}

/** POST text: a new text in the active workspace. */
export async function createText(
  app: FastifyInstance,
  scope: TenantScope,
  fields: TextFields,
): Promise<TextItem> {
  const id = await app.db.transaction(async (tx) => {
    const workspace = await activeWorkspace(tx, scope);
    await assertFontVisible(tx, scope, fields.font_id);
    return insertOwned(
      tx,
      contentTexts,
      { companyId: workspace.companyId, workspaceId: workspace.id, creatorId: scope.user.userId },
      columnsOf(fields),
    );
  });
  return textItem(app.db, scope, id);
}

/** PATCH text/:id: every field anew. */
export async function editText(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  fields: TextFields,
): Promise<TextItem> {
  await app.db.transaction(async (tx) => {
    await assertFontVisible(tx, scope, fields.font_id);
    const [row] = await tx
      .update(contentTexts)
      .set({ ...columnsOf(fields), updatedAt: new Date() })
      .where(and(eq(contentTexts.id, id), visible(scope)))
      .returning({ id: contentTexts.id });
    if (!row) throw notFound();
    // Playlists and compositions show it as it is now.
    await notifyProgramsChanged(tx, { texts: [id] });
  });
  return textItem(app.db, scope, id);
}

/**
 * DELETE text: every one of these ids must be in scope (404001 otherwise, and nothing goes). Texts
 * in use (playlists, compositions) are refused (409001, data.uses) unless `detach`, which first
 * removes them from what uses them, in the same transaction.
 */
export async function deleteTexts(
  app: FastifyInstance,
  scope: TenantScope,
  ids: readonly number[],
  detach: boolean,
) {
  await deleteInScope(
    app.db,
    { table: contentTexts, id: contentTexts.id, visible: visible(scope), uses: app.uses.text },
    ids,
    detach,
  );
  return null;
}

/** Texts use fonts: a font in use is deleted only once its texts fall back to the default font. */
export const textsUsingFonts: Uses = {
  find: (tx, fontIds) =>
    tx
      .select({ id: contentTexts.id, name: contentTexts.title })
      .from(contentTexts)
      .where(inArray(contentTexts.fontId, [...fontIds]))
      .orderBy(contentTexts.id),
  detach: async (tx, fontIds) => {
    const changed = await tx
      .update(contentTexts)
      .set({ fontId: null, updatedAt: new Date() })
      .where(inArray(contentTexts.fontId, [...fontIds]))
      .returning({ id: contentTexts.id });
    await notifyProgramsChanged(tx, { texts: changed.map((row) => row.id) });
  },
};
