import { ITEM_SCHEDULE_TYPES, type ProgramRef, ScheduleType } from '@vitrine/contract';
import { and, eq, gte, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  compositions,
  compositionZones,
  devices,
  jobs,
  playlistItems,
  scheduleDevices,
  scheduleItems,
  schedules,
  videoWallContents,
} from '../db/schema';
import { publishDevicesChanged, publishForDevices } from './bus';

// "Manifest changed" (ARCHITECTURE §7): when a device's default program or one of its approved
// schedules, or anything in them, changes,
// the instance holding its socket tells the player to fetch its manifest again. Call these inside
// the transaction of the change: the event leaves at its commit, and never for a rolled-back one.
// Every area that changes what screens play calls these, so they live below all of them; the
// schedule-empty check a change may call for is queued here too (its mail is the program's job).

/** Nesting deeper than this is not followed (each level is one round of queries). */
export const NESTING_LIMIT = 16;

/** Caches of this process built from what screens play (the program's manifest caches). */
const localCaches = new Set<{ clear(): void }>();

/** Empties `cache` whenever this process announces a change; answers how to stop. */
export function clearOnScreenChanges(cache: { clear(): void }): () => void {
  localCaches.add(cache);
  return () => localCaches.delete(cache);
}

export async function publishManifestChanged(tx: Db, deviceIds: readonly number[]) {
  const ids = [...new Set(deviceIds)];
  if (ids.length === 0) return;
  // This instance's built manifests go now (a fetch before the commit builds the old state again,
  // and the event empties every instance's cache once more when it arrives).
  for (const cache of localCaches) cache.clear();
  await publishForDevices(tx, 'manifest-changed', ids);
}

/**
 * Screens whose licence may have changed (bound, whitelisted or no longer, the licence clock
 * moved): each gets its new state (the licence it shows) and fetches its manifest again (empty
 * without a licence in force).
 */
export async function notifyLicenceChanged(tx: Db, deviceIds: readonly number[]) {
  await publishDevicesChanged(tx, deviceIds);
  await publishManifestChanged(tx, deviceIds);
}

/** The paired screens whose MAC is one of `macs` (lower case, as the whitelist keeps them). */
export async function screensWithMacs(tx: Db, macs: readonly string[]): Promise<number[]> {
  if (macs.length === 0) return [];
  const rows = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(isNotNull(devices.companyId), inArray(sql`lower(${devices.mac})`, [...macs])));
  return rows.map((row) => row.id);
}

/** What changed: stored programs, and library rows programs show. */
export type ChangedRows = {
  playlists?: readonly number[];
  compositions?: readonly number[];
  contents?: readonly number[];
  texts?: readonly number[];
  stickers?: readonly number[];
};

const any = (ids: readonly number[] | undefined): ids is readonly number[] => !!ids && ids.length > 0;
const distinct = (rows: readonly { id: number }[]) => [...new Set(rows.map((row) => row.id))];

/** Playlists holding any of these, directly or through nested playlists. */
async function playlistsAbove(tx: Db, seeds: readonly number[]): Promise<Set<number>> {
  const found = new Set(seeds);
  let frontier = [...found];
  for (let level = 0; frontier.length > 0 && level < NESTING_LIMIT; level++) {
    const parents = await tx
      .selectDistinct({ id: playlistItems.playlistId })
      .from(playlistItems)
      .where(inArray(playlistItems.childPlaylistId, frontier));
    frontier = distinct(parents).filter((id) => !found.has(id));
    for (const id of frontier) found.add(id);
  }
  return found;
}

/**
 * The claimed devices whose default program, or the program of one of their approved schedules, is
 * or holds any of these rows.
 */
export async function devicesShowing(tx: Db, changed: ChangedRows): Promise<number[]> {
  const { contents, texts, stickers } = changed;
  const direct =
    any(contents) || any(texts)
      ? distinct(
          await tx
            .selectDistinct({ id: playlistItems.playlistId })
            .from(playlistItems)
            .where(
              or(
                any(contents) ? inArray(playlistItems.contentId, contents) : undefined,
                any(texts) ? inArray(playlistItems.textId, texts) : undefined,
              ),
            ),
        )
      : [];
  const playlists = [...(await playlistsAbove(tx, [...(changed.playlists ?? []), ...direct]))];
  const zoneUses: (SQL | undefined)[] = [
    playlists.length > 0 ? inArray(compositionZones.playlistId, playlists) : undefined,
    any(contents) ? inArray(compositionZones.contentId, contents) : undefined,
    any(texts) ? inArray(compositionZones.textId, texts) : undefined,
    any(stickers) ? inArray(compositionZones.stickerId, stickers) : undefined,
  ];
  const zoned = zoneUses.some(Boolean)
    ? await tx
        .selectDistinct({ id: compositionZones.compositionId })
        .from(compositionZones)
        .where(or(...zoneUses))
    : [];
  const backed = any(contents)
    ? await tx
        .select({ id: compositions.id })
        .from(compositions)
        .where(inArray(compositions.backgroundContentId, contents))
    : [];
  const composed = [...new Set([...(changed.compositions ?? []), ...distinct(zoned), ...distinct(backed)])];
  const shows = (kind: ProgramRef['kind'], ids: readonly number[]) =>
    ids.length > 0
      ? and(eq(devices.defaultProgramKind, kind), inArray(devices.defaultProgramId, [...ids]))
      : undefined;
  const wanted = or(shows('playlist', playlists), shows('composition', composed));
  const byDefault = wanted
    ? await tx
        .select({ id: devices.id })
        .from(devices)
        .where(and(isNotNull(devices.companyId), wanted))
    : [];
  // Wall content showing them (its image or video, or its playlist) plays in video-wall schedules.
  const laidUses: (SQL | undefined)[] = [
    playlists.length > 0 ? inArray(videoWallContents.playlistId, playlists) : undefined,
    any(contents) ? inArray(videoWallContents.contentId, contents) : undefined,
  ];
  const scheduled = await devicesScheduling(tx, [
    laidUses.some(Boolean)
      ? and(
          eq(schedules.type, ScheduleType.videoWall),
          inArray(
            schedules.programId,
            tx
              .select({ id: videoWallContents.id })
              .from(videoWallContents)
              .where(or(...laidUses)),
          ),
        )
      : undefined,
    playlists.length > 0
      ? and(eq(schedules.type, ScheduleType.playlist), inArray(schedules.programId, playlists))
      : undefined,
    composed.length > 0
      ? and(eq(schedules.type, ScheduleType.composition), inArray(schedules.programId, composed))
      : undefined,
    any(contents)
      ? inArray(
          schedules.id,
          tx
            .select({ id: scheduleItems.scheduleId })
            .from(scheduleItems)
            .where(inArray(scheduleItems.contentId, [...contents])),
        )
      : undefined,
  ]);
  return [...new Set([...byDefault.map((row) => row.id), ...scheduled])];
}

/** The devices of approved schedules, not long ended, that match any of these conditions. */
async function devicesScheduling(tx: Db, conditions: readonly (SQL | undefined)[]): Promise<number[]> {
  const which = or(...conditions);
  if (!which) return [];
  const rows = await tx
    .selectDistinct({ id: scheduleDevices.deviceId })
    .from(scheduleDevices)
    .innerJoin(schedules, eq(schedules.id, scheduleDevices.scheduleId))
    .where(and(eq(schedules.state, 'approved'), gte(schedules.endDate, sql`(current_date - 2)`), which));
  return rows.map((row) => row.id);
}

/**
 * A company's holidays changed: the devices on its approved schedules that exclude holidays fetch
 * their manifest again (it carries the holidays they need).
 */
export async function notifyHolidaysChanged(tx: Db, companyId: number) {
  await publishManifestChanged(
    tx,
    await devicesScheduling(tx, [
      and(eq(schedules.companyId, companyId), eq(schedules.excludeHolidays, true)),
    ]),
  );
}

/** Tells the screens showing these rows, directly or inside their default program, to fetch it again. */
export async function notifyProgramsChanged(tx: Db, changed: ChangedRows) {
  await publishManifestChanged(tx, await devicesShowing(tx, changed));
}

/** A playlist or composition was saved or deleted: the screens that show it fetch their manifest again. */
export const notifyProgramChanged = (tx: Db, ref: ProgramRef) =>
  notifyProgramsChanged(tx, ref.kind === 'playlist' ? { playlists: [ref.id] } : { compositions: [ref.id] });

/**
 * These screens were turned (the orientation command): those on approved item schedules, whose
 * programs take the screen's canvas, fetch their manifest again.
 */
export async function notifyScreensTurned(tx: Db, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) return;
  await publishManifestChanged(
    tx,
    await devicesScheduling(tx, [
      and(
        inArray(scheduleDevices.deviceId, [...deviceIds]),
        inArray(schedules.type, [...ITEM_SCHEDULE_TYPES]),
      ),
    ]),
  );
}

export const SCHEDULE_EMPTY_JOB = 'schedule-empty';
/** How long a screen may have nothing to play before anyone is told. */
export const EMPTY_GRACE_MS = 10 * 60_000;

declare module './jobs' {
  interface JobPayloads {
    [SCHEDULE_EMPTY_JOB]: { deviceIds: number[] };
  }
}

/** Queues the schedule-empty check of these devices in `tx` (they may have nothing left to play once it commits). */
export async function queueEmptyCheck(tx: Db, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) return;
  await tx.insert(jobs).values({
    type: SCHEDULE_EMPTY_JOB,
    payload: { deviceIds: [...new Set(deviceIds)] },
    runAt: sql`now() + ${EMPTY_GRACE_MS}::int * interval '1 millisecond'`,
  });
}
