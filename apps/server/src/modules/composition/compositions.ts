import {
  type CompositionDetail,
  type CompositionFields,
  type CompositionItem,
  type compositionListQuerySchema,
  type Language,
  type ListResult,
  MAX_NAME_LENGTH,
  translate,
} from '@vitrine/contract';
import { and, asc, type Column, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  compositions,
  compositionZones,
  contents,
  contentTexts,
  fonts,
  playlists,
  stickers,
  users,
} from '../../db/schema';
import { deleteInScope } from '../../platform/bulk-delete';
import { notFound } from '../../platform/errors';
import { keywordFilter, listPage, orderOf } from '../../platform/lists';
import { notifyProgramChanged, notifyProgramsChanged } from '../../platform/screen-changes';
import type { TenantScope } from '../../platform/tenancy';
import type { Uses } from '../../platform/uses';
import { activeWorkspace } from '../content';
import { type CompositionRow, presentDetail, presentItem, type ZoneRow } from './presenter';
import { assertRefs, type Owner, zoneRefs } from './refs';

// Compositions (/manager/composition): canvases of zones kept per workspace like content, found
// through the caller's tenant scope (another tenant's id answers 404001); new ones go to the
// active workspace, copies to their original's. Each write is one transaction.

const background = alias(contents, 'background');

const rowColumns = {
  ...getTableColumns(compositions),
  creatorName: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
  backgroundName: background.name,
  backgroundType: background.type,
  backgroundThumbnail: background.thumbnailHash,
};

const selectRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(compositions)
    .leftJoin(users, eq(users.id, compositions.creatorId))
    .leftJoin(background, eq(background.id, compositions.backgroundContentId));

const visible = (scope: TenantScope) =>
  scope.rowFilter({ companyId: compositions.companyId, workspaceId: compositions.workspaceId });

const SORT = {
  name: compositions.name,
  created_at: compositions.createdAt,
  updated_at: compositions.updatedAt,
  duration: compositions.duration,
};

/** GET composition: the compositions in scope, keyword over the name, with their zones' outlines. */
export async function compositionList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof compositionListQuerySchema>,
): Promise<ListResult<CompositionItem>> {
  const where = and(
    visible(scope),
    keywordFilter(query.keyword, compositions.name),
    query.orientation === undefined ? undefined : eq(compositions.orientation, query.orientation),
  );
  const { rows, total } = await listPage(
    db,
    {
      rows: selectRows(db).$dynamic(),
      table: compositions,
      where,
      order: orderOf(query.sort, SORT, 'created_at,desc', compositions.id),
    },
    query,
  );
  const outlines =
    rows.length === 0
      ? []
      : await db
          .select({
            compositionId: compositionZones.compositionId,
            kind: compositionZones.kind,
            x: compositionZones.x,
            y: compositionZones.y,
            width: compositionZones.width,
            height: compositionZones.height,
          })
          .from(compositionZones)
          .where(
            inArray(
              compositionZones.compositionId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(compositionZones.position));
  return {
    list: rows.map((row) =>
      presentItem(
        row,
        outlines.filter((zone) => zone.compositionId === row.id),
      ),
    ),
    total,
  };
}

const zoneColumns = {
  ...getTableColumns(compositionZones),
  contentName: contents.name,
  contentType: contents.type,
  contentThumbnail: contents.thumbnailHash,
  playlistName: playlists.name,
  textTitle: contentTexts.title,
  stickerName: stickers.name,
  stickerHash: stickers.hash,
  fontFamily: fonts.family,
  fontHash: fonts.hash,
};

async function zonesOf(db: Db, compositionId: number): Promise<ZoneRow[]> {
  return db
    .select(zoneColumns)
    .from(compositionZones)
    .leftJoin(contents, eq(contents.id, compositionZones.contentId))
    .leftJoin(playlists, eq(playlists.id, compositionZones.playlistId))
    .leftJoin(contentTexts, eq(contentTexts.id, compositionZones.textId))
    .leftJoin(stickers, eq(stickers.id, compositionZones.stickerId))
    .leftJoin(fonts, eq(fonts.id, compositionZones.fontId))
    .where(eq(compositionZones.compositionId, compositionId))
    .orderBy(asc(compositionZones.position));
}

/** GET composition/:id: the composition with its zones, bottom to top. */
export async function compositionDetail(db: Db, scope: TenantScope, id: number): Promise<CompositionDetail> {
  const [row] = await selectRows(db)
    .where(and(eq(compositions.id, id), visible(scope)))
    .limit(1);
  if (!row) throw notFound();
  return presentDetail(row as CompositionRow, await zonesOf(db, id));
}

const columnsOf = (fields: CompositionFields) => ({
  name: fields.name,
  width: fields.width,
  height: fields.height,
  orientation: fields.orientation,
  backgroundColor: fields.background_color,
  backgroundContentId: fields.background_content_id,
  duration: fields.duration,
});

/** The zones anew, layered in the order given. */
async function writeZones(tx: Db, compositionId: number, zones: CompositionFields['zones']) {
  await tx.delete(compositionZones).where(eq(compositionZones.compositionId, compositionId));
  await tx.insert(compositionZones).values(
    zones.map((zone, position) => ({
      compositionId,
      position,
      name: zone.name,
      kind: zone.kind,
      x: zone.x,
      y: zone.y,
      width: zone.width,
      height: zone.height,
      backgroundColor: zone.background_color,
      settings: zone.settings,
      ...zoneRefs(zone),
    })),
  );
}

/** A composition in scope, locked for the write; 404001 when the caller does not see it. */
async function lockedComposition(tx: Db, scope: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(compositions)
    .where(and(eq(compositions.id, id), visible(scope)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

async function insertComposition(tx: Db, scope: TenantScope, owner: Owner, fields: CompositionFields) {
  await assertRefs(tx, scope, owner, fields);
  const [row] = await tx
    .insert(compositions)
    .values({ ...owner, creatorId: scope.user.userId, ...columnsOf(fields) })
    .returning({ id: compositions.id });
  await writeZones(tx, row.id, fields.zones);
  return row.id;
}

/** POST composition: a new composition in the active workspace. */
export async function createComposition(app: FastifyInstance, scope: TenantScope, fields: CompositionFields) {
  const id = await app.db.transaction(async (tx) => {
    const workspace = await activeWorkspace(tx, scope);
    return insertComposition(
      tx,
      scope,
      { companyId: workspace.companyId, workspaceId: workspace.id },
      fields,
    );
  });
  return compositionDetail(app.db, scope, id);
}

/** PUT composition/:id: every field and zone anew. */
export async function editComposition(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  fields: CompositionFields,
) {
  await app.db.transaction(async (tx) => {
    const row = await lockedComposition(tx, scope, id);
    await assertRefs(tx, scope, row, fields);
    await tx
      .update(compositions)
      .set({ ...columnsOf(fields), updatedAt: new Date() })
      .where(eq(compositions.id, id));
    await writeZones(tx, id, fields.zones);
    await notifyProgramChanged(tx, { kind: 'composition', id });
  });
  return compositionDetail(app.db, scope, id);
}

/**
 * POST composition/:id/copy: a copy beside the original, named "<name> (copy)" unless named. What
 * the original shows was checked when it was saved and is detached wherever it goes, so it holds.
 */
export async function copyComposition(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  name: string | undefined,
  lang: Language,
) {
  const copyId = await app.db.transaction(async (tx) => {
    const { id: _, createdAt, updatedAt, ...source } = await lockedComposition(tx, scope, id);
    const [copy] = await tx
      .insert(compositions)
      .values({
        ...source,
        creatorId: scope.user.userId,
        name:
          name ??
          translate(lang, 'composition.copyName', { name: source.name }).slice(0, MAX_NAME_LENGTH).trim(),
      })
      .returning({ id: compositions.id });
    const zones = await tx.select().from(compositionZones).where(eq(compositionZones.compositionId, id));
    await tx
      .insert(compositionZones)
      .values(zones.map(({ id: _, ...zone }) => ({ ...zone, compositionId: copy.id })));
    return copy.id;
  });
  return compositionDetail(app.db, scope, copyId);
}

/**
 * DELETE composition: every one of these ids must be in scope (404001 otherwise, and nothing
 * goes); one in use is refused (409001) unless `detach` first removes it from what uses it.
 */
export async function deleteCompositions(
  app: FastifyInstance,
  scope: TenantScope,
  ids: readonly number[],
  detach: boolean,
) {
  await deleteInScope(
    app.db,
    { table: compositions, id: compositions.id, visible: visible(scope), uses: app.uses.composition },
    ids,
    detach,
  );
  return null;
}

// ── What compositions use ─────────────────────────────────────────────────────────────────────

/** The compositions whose zones point at any of these ids by this column; detaching empties the zones. */
function zoneUses(column: Column, emptied: Partial<typeof compositionZones.$inferInsert>): Uses {
  return {
    find: (tx, ids) =>
      tx
        .selectDistinct({ id: compositions.id, name: compositions.name })
        .from(compositionZones)
        .innerJoin(compositions, eq(compositions.id, compositionZones.compositionId))
        .where(inArray(column, [...ids]))
        .orderBy(compositions.id),
    detach: async (tx, ids) => {
      const zones = await tx
        .update(compositionZones)
        .set(emptied)
        .where(inArray(column, [...ids]))
        .returning({ compositionId: compositionZones.compositionId });
      await touch(
        tx,
        zones.map((zone) => zone.compositionId),
      );
    },
  };
}

/** These compositions changed under their editors: they are newer, and screens showing them fetch them again. */
async function touch(tx: Db, ids: number[]) {
  if (ids.length === 0) return;
  const changed = [...new Set(ids)];
  await tx.update(compositions).set({ updatedAt: new Date() }).where(inArray(compositions.id, changed));
  await notifyProgramsChanged(tx, { compositions: changed });
}

const contentZones = zoneUses(compositionZones.contentId, { contentId: null });

/** What compositions use, and the workspaces they keep: registered by the composition module. */
export function registerCompositionUses(app: FastifyInstance) {
  // Zones show content; a composition's background is content too.
  app.uses.content.register('composition', {
    find: async (tx, ids) => {
      const [inZones, asBackground] = [
        await contentZones.find(tx, ids),
        await tx
          .select({ id: compositions.id, name: compositions.name })
          .from(compositions)
          .where(inArray(compositions.backgroundContentId, [...ids])),
      ];
      const seen = new Set(inZones.map((use) => use.id));
      return [...inZones, ...asBackground.filter((use) => !seen.has(use.id))].sort((a, b) => a.id - b.id);
    },
    detach: async (tx, ids) => {
      await contentZones.detach(tx, ids);
      const backed = await tx
        .update(compositions)
        .set({ backgroundContentId: null })
        .where(inArray(compositions.backgroundContentId, [...ids]))
        .returning({ id: compositions.id });
      await touch(
        tx,
        backed.map((row) => row.id),
      );
    },
  });
  app.uses.playlist.register('composition', zoneUses(compositionZones.playlistId, { playlistId: null }));
  app.uses.text.register('composition', zoneUses(compositionZones.textId, { textId: null }));
  app.uses.sticker.register('composition', zoneUses(compositionZones.stickerId, { stickerId: null }));
  // A clock whose font goes falls back to the screen's default font.
  app.uses.font.register('composition', zoneUses(compositionZones.fontId, { fontId: null }));

  // A workspace holding compositions is not deleted: they are its content.
  app.workspaceBlockers.register('content', 'composition', async (tx, workspaceId) => {
    const [row] = await tx
      .select({ id: compositions.id })
      .from(compositions)
      .where(eq(compositions.workspaceId, workspaceId))
      .limit(1);
    return row !== undefined;
  });
}
