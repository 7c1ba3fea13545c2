import {
  BACKGROUND_CONTENT_TYPES,
  type CompositionFields,
  type CompositionZoneFields,
  ResultCode,
  ZONE_CONTENT_TYPES,
} from '@vitrine/contract';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { contents, contentTexts, fonts, playlists, stickers, workspaces } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { subtreeOf, type TenantScope } from '../../platform/tenancy';
import { assertApproved } from '../content';
import { visibleFonts } from '../font';

// What a composition's zones and background point at must be something its caller sees (else
// 404001, as if it did not exist), of its own workspace or one below it, out of the recycle bin,
// processed, and of a type its zone shows.

/** Where a composition lives. */
export type Owner = { companyId: number; workspaceId: number };

/** The references of one zone, whatever its kind (null where the kind has none). */
export const zoneRefs = (zone: CompositionZoneFields) => ({
  contentId: 'content_id' in zone ? zone.content_id : null,
  playlistId: 'playlist_id' in zone ? zone.playlist_id : null,
  textId: 'text_id' in zone ? zone.text_id : null,
  stickerId: 'sticker_id' in zone ? zone.sticker_id : null,
  fontId: 'font_id' in zone ? zone.font_id : null,
});

const invalid = (key: string, params: Record<string, string> = {}) =>
  new AppError(ResultCode.validation, key, params);

const present = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];

type OwnedTable = PgTable & { id: PgColumn; companyId: PgColumn; workspaceId: PgColumn };

/** The workspace of each of these rows the caller sees; 404001 when any is not seen. */
async function ownedWorkspaces(tx: Db, scope: TenantScope, table: OwnedTable, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: table.id, workspaceId: table.workspaceId })
    .from(table)
    .where(
      and(
        inArray(table.id, ids),
        scope.rowFilter({ companyId: table.companyId, workspaceId: table.workspaceId }),
      ),
    );
  if (rows.length !== ids.length) throw notFound();
  return rows.map((row) => row.workspaceId as number);
}

/** 400001 unless everything the composition shows may be shown there (see above). */
export async function assertRefs(
  tx: Db,
  scope: TenantScope,
  owner: Owner,
  fields: Pick<CompositionFields, 'background_content_id' | 'zones'>,
) {
  const links = await tx
    .select({ id: workspaces.id, parentId: workspaces.parentId })
    .from(workspaces)
    .where(eq(workspaces.companyId, owner.companyId));
  const reach = new Set(subtreeOf(links, owner.workspaceId));
  const assertReached = (workspaceIds: number[]) => {
    if (workspaceIds.some((id) => !reach.has(id))) throw invalid('composition.otherWorkspace');
  };

  const refs = fields.zones.map(zoneRefs);
  await assertContents(tx, scope, fields, assertReached);
  assertReached(await ownedWorkspaces(tx, scope, playlists, present(refs.map((ref) => ref.playlistId))));
  assertReached(await ownedWorkspaces(tx, scope, contentTexts, present(refs.map((ref) => ref.textId))));
  assertReached(await ownedWorkspaces(tx, scope, stickers, present(refs.map((ref) => ref.stickerId))));

  const fontIds = present(refs.map((ref) => ref.fontId));
  if (fontIds.length > 0) {
    const seen = await tx
      .select({ id: fonts.id })
      .from(fonts)
      .where(
        and(
          inArray(fonts.id, fontIds),
          visibleFonts(scope),
          or(isNull(fonts.companyId), eq(fonts.companyId, owner.companyId)),
        ),
      );
    if (seen.length !== fontIds.length) throw invalid('validation.font');
  }
}

async function assertContents(
  tx: Db,
  scope: TenantScope,
  fields: Pick<CompositionFields, 'background_content_id' | 'zones'>,
  assertReached: (workspaceIds: number[]) => void,
) {
  const uses: { contentId: number; zone: string | null; types: readonly number[] }[] = [];
  if (fields.background_content_id !== null) {
    uses.push({ contentId: fields.background_content_id, zone: null, types: BACKGROUND_CONTENT_TYPES });
  }
  for (const zone of fields.zones) {
    if ((zone.kind === 'media' || zone.kind === 'website') && zone.content_id !== null) {
      uses.push({ contentId: zone.content_id, zone: zone.name, types: ZONE_CONTENT_TYPES[zone.kind] });
    }
  }
  const ids = present(uses.map((use) => use.contentId));
  if (ids.length === 0) return;
  const rows = await tx
    .select({
      id: contents.id,
      workspaceId: contents.workspaceId,
      name: contents.name,
      type: contents.type,
      state: contents.state,
      approvalState: contents.approvalState,
      deletedAt: contents.deletedAt,
    })
    .from(contents)
    .where(
      and(
        inArray(contents.id, ids),
        scope.rowFilter({ companyId: contents.companyId, workspaceId: contents.workspaceId }),
      ),
    );
  if (rows.length !== ids.length) throw notFound();
  assertReached(rows.map((row) => row.workspaceId));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const use of uses) {
    const row = byId.get(use.contentId) as (typeof rows)[number];
    if (row.deletedAt !== null) throw invalid('composition.recycled', { name: use.zone ?? row.name });
    if (!use.types.includes(row.type)) {
      throw use.zone === null
        ? invalid('composition.background')
        : invalid('composition.zoneContent', { name: use.zone });
    }
    if (row.state !== 'ready') throw invalid('playlist.notReady', { name: row.name });
  }
  assertApproved(rows);
}
