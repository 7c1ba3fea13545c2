import {
  ContentType,
  DeviceStatus,
  itemSeconds,
  ownSeconds,
  PROGRAM_SCHEDULE_TYPES,
  ResultCode,
  ScheduleType,
  SYNC_CONTENT_TYPES,
  SYNC_SCHEDULE_TYPES,
} from '@vitrine/contract';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import {
  compositions,
  contents,
  devices,
  playlists,
  scheduleDevices,
  scheduleItems,
  schedules,
  videoWallContents,
  workspaces,
} from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { unlicensed } from '../../platform/licence-state';
import { subtreeOf, type TenantScope } from '../../platform/tenancy';
import { scheduledWallContent } from '../video-wall';

// What a schedule names must be something its caller sees (else 404001, as if it did not exist), of
// the schedule's own workspace or one below it, and fit (spec 001 §4, §8): devices paired and
// licensed, content ready and of a kind the schedule type plays, the device's orientation that of
// the content, and every media format one the device reported it can play. Refusals are 400001
// with the spec's messages, naming the device (or content) and carrying its id in data.

/** What a schedule plays and where, as the rules see it. */
export type ScheduleRefs = {
  type: string;
  /** The devices named, or those a stored schedule reaches. */
  devices: { ids: readonly number[] } | { scheduleId: number };
  /** duration: seconds set (null: the content's own length or the default). */
  items: readonly { content_id: number; duration: number | null }[];
  program_id: number | null;
};

export type Owner = { companyId: number; workspaceId: number };

/** What template schedules may hold: mobile templates (H5). */
const TEMPLATE_CONTENT: readonly number[] = [ContentType.h5];
/** What standard and insert schedules may hold. */
const ITEM_CONTENT: readonly number[] = [
  ContentType.image,
  ContentType.video,
  ContentType.website,
  ContentType.document,
  ContentType.music,
  ContentType.stream,
  ContentType.h5,
];

/** The content types whose file format a device may not play (the rest are pages it renders). */
const FORMAT_TYPES: readonly number[] = [ContentType.image, ContentType.video, ContentType.music];

const invalid = (key: string, params: Record<string, string> = {}, data: unknown = null) =>
  new AppError(ResultCode.validation, key, params, data);

/** Which field of the request a refusal belongs to (the editor's wizard step), with the ids at fault. */
type Field = 'device_ids' | 'items' | 'program_id';
const idsKey = (field: Field) =>
  field === 'device_ids' ? 'device_ids' : field === 'items' ? 'content_ids' : 'program_ids';
const refused = (
  field: Field,
  ids: { device_ids?: number[]; content_ids?: number[]; program_ids?: number[] },
) => ({
  field,
  ...ids,
});

const isPortrait = (orientation: number) => orientation === 90 || orientation === 270;

type ContentFacts = {
  id: number;
  name: string;
  type: number;
  mime: string | null;
  playableHash: string | null;
  width: number | null;
  height: number | null;
  /** Bytes of its stored file (0: a page, nothing to keep). */
  size: number;
};

/** The MIME type a player is given for this content (a transcoded video plays as MP4). */
export const playedMime = (row: Pick<ContentFacts, 'type' | 'mime' | 'playableHash'>) =>
  (row.type === ContentType.video && row.playableHash ? 'video/mp4' : row.mime)
    ?.split(';')[0]
    .trim()
    .toLowerCase() ?? null;

/** Portrait or landscape by the pixels, when they are known and not square. */
function shapeOf(row: ContentFacts): 'portrait' | 'landscape' | null {
  if (!row.width || !row.height || row.width === row.height) return null;
  return row.height > row.width ? 'portrait' : 'landscape';
}

/** The library content a playlist (and the playlists nested in it) or a composition shows. */
async function programContents(tx: Db, type: string, id: number): Promise<ContentFacts[]> {
  const rows = rowsOf<Omit<ContentFacts, 'size'> & { playable_hash: string | null; size: string | number }>(
    await tx.execute(
      type === ScheduleType.playlist
        ? sql`
          with recursive reach(id) as (
            select ${id}::int
            union
            select i.child_playlist_id from playlist_items i join reach on i.playlist_id = reach.id
            where i.child_playlist_id is not null
          )
          select distinct c.id, c.name, c.type, c.mime, c.playable_hash, c.width, c.height, c.size
          from playlist_items i join reach on i.playlist_id = reach.id join contents c on c.id = i.content_id`
        : sql`
          with recursive reach(id) as (
            select z.playlist_id from composition_zones z where z.composition_id = ${id} and z.playlist_id is not null
            union
            select i.child_playlist_id from playlist_items i join reach on i.playlist_id = reach.id
            where i.child_playlist_id is not null
          )
          select distinct c.id, c.name, c.type, c.mime, c.playable_hash, c.width, c.height, c.size from contents c
          where c.id in (select content_id from composition_zones where composition_id = ${id})
             or c.id in (select i.content_id from playlist_items i join reach on i.playlist_id = reach.id)`,
    ),
  );
  return rows.map((row) => ({ ...row, playableHash: row.playable_hash, size: Number(row.size) }));
}

/** What the rules read of a library item. */
const factColumns = {
  id: contents.id,
  name: contents.name,
  type: contents.type,
  mime: contents.mime,
  playableHash: contents.playableHash,
  width: contents.width,
  height: contents.height,
  size: contents.size,
};

/** The library content wall content shows: its image or video, or its playlist's. */
async function wallContents(tx: Db, wallContentId: number): Promise<ContentFacts[]> {
  const [source] = await tx
    .select({ contentId: videoWallContents.contentId, playlistId: videoWallContents.playlistId })
    .from(videoWallContents)
    .where(eq(videoWallContents.id, wallContentId));
  if (!source) return [];
  if (source.playlistId !== null) return programContents(tx, ScheduleType.playlist, source.playlistId);
  return tx
    .select(factColumns)
    .from(contents)
    .where(eq(contents.id, source.contentId ?? 0));
}

/**
 * The bytes of the media a stored schedule shows (its items, or its playlist's or composition's
 * content), each file once: what a screen must keep to play it (docs/device-storage.md).
 */
export async function scheduleMediaBytes(tx: Db, scheduleId: number): Promise<number> {
  const [row] = await tx
    .select({ type: schedules.type, programId: schedules.programId })
    .from(schedules)
    .where(eq(schedules.id, scheduleId));
  if (!row) return 0;
  if (PROGRAM_SCHEDULE_TYPES.includes(row.type) && row.programId !== null) {
    const shown = await programContents(tx, row.type, row.programId);
    return shown.reduce((sum, content) => sum + content.size, 0);
  }
  if (row.type === ScheduleType.videoWall && row.programId !== null) {
    const shown = await wallContents(tx, row.programId);
    return shown.reduce((sum, content) => sum + content.size, 0);
  }
  const [items] = await tx
    .select({ bytes: sql<string | null>`sum(${contents.size})`.mapWith(Number) })
    .from(contents)
    .where(
      inArray(
        contents.id,
        tx
          .select({ id: scheduleItems.contentId })
          .from(scheduleItems)
          .where(eq(scheduleItems.scheduleId, scheduleId)),
      ),
    );
  return Number(items?.bytes ?? 0);
}

/** A turn's length compared to the millisecond: what a screen's timeline can tell apart. */
const turnMs = (seconds: number) => Math.round(seconds * 1000);

/**
 * Spec 001 §4: "A sync schedule must be a standard schedule with equal play duration and equal
 * interval." Its items follow each other with no gap, so the interval between two starts is an
 * item's play duration: every item (the duration set, else a video's own length, else the default)
 * must play equally long, to the millisecond. The first item that differs from the first is named
 * (its duration field).
 */
function assertSyncTimeline(
  items: ScheduleRefs['items'],
  contents: ReadonlyMap<number, { type: number; duration: number | null }>,
) {
  const lengths = items.map((item) => {
    const content = contents.get(item.content_id);
    return turnMs(itemSeconds(item.duration, content ? ownSeconds(content.type, content.duration) : null));
  });
  // On the item's duration (the editor's order step): the content stays chosen, its time is what to change.
  const odd = lengths.findIndex((length) => length !== lengths[0]);
  if (odd >= 0) throw invalid('schedule.syncEqual', {}, { field: `items.${odd}.duration` });
}

/**
 * Checks everything a schedule names, and locks the content and program it names against deletion
 * until the write commits; the first rule broken answers (404001 unseen, else 400001 with its message).
 */
export async function checkRefs(tx: Db, scope: TenantScope, owner: Owner, refs: ScheduleRefs) {
  const links = await tx
    .select({ id: workspaces.id, parentId: workspaces.parentId })
    .from(workspaces)
    .where(eq(workspaces.companyId, owner.companyId));
  const allowed = new Set(subtreeOf(links, owner.workspaceId));
  const assertWorkspaces = (field: Field, rows: readonly { id: number; workspaceId: number | null }[]) => {
    const odd = rows.filter((row) => row.workspaceId === null || !allowed.has(row.workspaceId));
    if (odd.length > 0) {
      throw invalid(
        'schedule.otherWorkspace',
        {},
        refused(field, { [idsKey(field)]: odd.map((row) => row.id) }),
      );
    }
  };

  // Devices: seen, of the workspace, paired, licensed. Asked set-based (a schedule may reach
  // thousands): how many are seen, the first that breaks a rule, and one device per kind of screen
  // (orientation, media types) for the checks against the content. Not locked: the schedule's
  // device rows hold them by their foreign key.
  const source =
    'scheduleId' in refs.devices
      ? sql`${devices.id} in (select ${scheduleDevices.deviceId} from ${scheduleDevices} where ${scheduleDevices.scheduleId} = ${refs.devices.scheduleId})`
      : inArray(devices.id, [...new Set(refs.devices.ids)]);
  const expected =
    'scheduleId' in refs.devices
      ? (
          await tx
            .select({ count: sql<number>`count(*)`.mapWith(Number) })
            .from(scheduleDevices)
            .where(eq(scheduleDevices.scheduleId, refs.devices.scheduleId))
        )[0].count
      : new Set(refs.devices.ids).size;
  if (expected === 0) throw invalid('schedule.devices', {}, refused('device_ids', {}));
  const seen = and(
    source,
    scope.rowFilter({ companyId: devices.companyId, workspaceId: devices.workspaceId }),
  );
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(devices)
    .where(seen);
  if (count !== expected) throw notFound();
  // The device's licence does not let it be scheduled (docs/license.md), by the licence clock.
  const notLicensed = unlicensed();
  const screenColumns = {
    id: devices.id,
    name: devices.name,
    signageId: devices.signageId,
    workspaceId: devices.workspaceId,
    status: devices.status,
    claimedAt: devices.claimedAt,
    orientation: devices.orientation,
    mediaTypes: devices.mediaTypes,
    notLicensed: notLicensed.mapWith(Boolean),
  };
  type Screen = { id: number; name: string | null; signageId: string };
  const named = (screen: Screen) => ({ name: screen.name ?? screen.signageId });
  const [bad] = await tx
    .select(screenColumns)
    .from(devices)
    .where(
      and(
        seen,
        or(
          isNull(devices.workspaceId),
          notInArray(devices.workspaceId, [...allowed]),
          isNull(devices.claimedAt),
          inArray(devices.status, [DeviceStatus.unconfirmed, DeviceStatus.rejected, DeviceStatus.expired]),
          notLicensed,
        ),
      ),
    )
    .orderBy(devices.id)
    .limit(1);
  if (bad) {
    if (bad.workspaceId === null || !allowed.has(bad.workspaceId)) {
      throw invalid('schedule.otherWorkspace', {}, refused('device_ids', { device_ids: [bad.id] }));
    }
    if ((bad.status === DeviceStatus.expired || bad.notLicensed) && bad.claimedAt !== null) {
      throw invalid('schedule.licenseExpired', named(bad), refused('device_ids', { device_ids: [bad.id] }));
    }
    throw invalid('schedule.notPaired', named(bad), refused('device_ids', { device_ids: [bad.id] }));
  }
  // One device (the first) per kind of screen.
  const kinds = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select min(${devices.id}) as id from ${devices} where ${seen}
      group by ${devices.orientation} in (90, 270), coalesce(${devices.mediaTypes}, '{}')`),
  ).map((row) => Number(row.id));
  const screens = await tx
    .select(screenColumns)
    .from(devices)
    .where(inArray(devices.id, kinds))
    .orderBy(devices.id);

  // Content: library items of fitting kinds, or the playlist or composition of a program type.
  let shown: ContentFacts[] = [];
  let programShape: 'portrait' | 'landscape' | null = null;
  let wallShape: 'portrait' | 'landscape' | null = null;
  if (refs.type === ScheduleType.videoWall) {
    // Wall content, played on every screen of its wall and on no other (the wall's shape is the
    // content's: each screen must stand as the wall's screens hang).
    if (refs.program_id === null) throw invalid('schedule.content', {}, refused('program_id', {}));
    const laid = await scheduledWallContent(tx, scope, refs.program_id);
    assertWorkspaces('program_id', [{ id: laid.id, workspaceId: laid.workspaceId }]);
    const placed =
      'scheduleId' in refs.devices
        ? (
            await tx
              .select({ id: scheduleDevices.deviceId })
              .from(scheduleDevices)
              .where(eq(scheduleDevices.scheduleId, refs.devices.scheduleId))
          ).map((row) => row.id)
        : [...new Set(refs.devices.ids)];
    const wall = new Set(laid.deviceIds);
    const strangers = placed.filter((id) => !wall.has(id));
    if (wall.size === 0 || strangers.length > 0 || placed.length !== wall.size) {
      throw invalid(
        'schedule.wallScreens',
        { wall: laid.wallName },
        refused('device_ids', { device_ids: strangers }),
      );
    }
    wallShape = laid.orientation === 'portrait' ? 'portrait' : 'landscape';
    shown = await wallContents(tx, laid.id);
  } else if (refs.type === ScheduleType.playlist || refs.type === ScheduleType.composition) {
    if (refs.program_id === null) throw invalid('schedule.programType', {}, refused('program_id', {}));
    const table = refs.type === ScheduleType.playlist ? playlists : compositions;
    const [program] = await tx
      .select({ id: table.id, workspaceId: table.workspaceId, orientation: table.orientation })
      .from(table)
      .where(
        and(
          eq(table.id, refs.program_id),
          scope.rowFilter({ companyId: table.companyId, workspaceId: table.workspaceId }),
        ),
      )
      .for('share');
    if (!program) throw notFound();
    assertWorkspaces('program_id', [program]);
    programShape = isPortrait(program.orientation) ? 'portrait' : 'landscape';
    shown = await programContents(tx, refs.type, refs.program_id);
  } else {
    const contentIds = [...new Set(refs.items.map((item) => item.content_id))];
    if (contentIds.length === 0) throw invalid('schedule.content', {}, refused('items', {}));
    const rows = await tx
      .select({
        ...factColumns,
        state: contents.state,
        approvalState: contents.approvalState,
        workspaceId: contents.workspaceId,
        duration: contents.duration,
      })
      .from(contents)
      .where(
        and(
          inArray(contents.id, contentIds),
          scope.rowFilter({ companyId: contents.companyId, workspaceId: contents.workspaceId }),
          isNull(contents.deletedAt),
        ),
      )
      .orderBy(contents.id)
      .for('share');
    if (rows.length !== contentIds.length) throw notFound();
    assertWorkspaces('items', rows);
    const synced = SYNC_SCHEDULE_TYPES.includes(refs.type);
    const kinds =
      refs.type === ScheduleType.template ? TEMPLATE_CONTENT : synced ? SYNC_CONTENT_TYPES : ITEM_CONTENT;
    for (const row of rows) {
      const at = refused('items', { content_ids: [row.id] });
      if (!kinds.includes(row.type)) throw invalid('schedule.contentType', { name: row.name }, at);
      if (row.state !== 'ready') throw invalid('schedule.notReady', { name: row.name }, at);
      if (row.approvalState !== 'approved') throw invalid('content.notApproved', { name: row.name }, at);
    }
    if (synced) assertSyncTimeline(refs.items, new Map(rows.map((row) => [row.id, row])));
    shown = rows;
  }

  // Each device against what it would show: refused on the content step (the selection is cancelled).
  const contentField: Field = programShape === null && wallShape === null ? 'items' : 'program_id';
  const mismatch = (screen: (typeof screens)[number], content: ContentFacts | null) =>
    refused(contentField, {
      device_ids: [screen.id],
      ...(content ? { content_ids: [content.id] } : {}),
      ...(contentField === 'program_id' && refs.program_id !== null
        ? { program_ids: [refs.program_id] }
        : {}),
    });
  for (const screen of screens) {
    const shape = isPortrait(screen.orientation) ? 'portrait' : 'landscape';
    if (wallShape !== null && wallShape !== shape) {
      throw invalid(
        'schedule.wallOrientation',
        named(screen),
        refused('device_ids', { device_ids: [screen.id] }),
      );
    }
    if (programShape !== null && programShape !== shape) {
      throw invalid('schedule.orientation', named(screen), mismatch(screen, null));
    }
    if (programShape === null && wallShape === null) {
      const odd = shown.find((row) => shapeOf(row) !== null && shapeOf(row) !== shape);
      if (odd) throw invalid('schedule.orientation', named(screen), mismatch(screen, odd));
    }
    const playable = screen.mediaTypes?.length
      ? new Set(screen.mediaTypes.map((type) => type.toLowerCase()))
      : null;
    if (playable) {
      const odd = shown.find((row) => {
        const mime = FORMAT_TYPES.includes(row.type) ? playedMime(row) : null;
        return mime !== null && !playable.has(mime);
      });
      if (odd) throw invalid('schedule.incompatible', named(screen), mismatch(screen, odd));
    }
  }
}
