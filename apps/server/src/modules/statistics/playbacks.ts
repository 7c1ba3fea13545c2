import type {
  ListResult,
  PlaybackLogRow,
  PlaybackSummary,
  playbackFilterSchema,
  playbackLogQuerySchema,
  playbackSummaryQuerySchema,
  playbacksRequestSchema,
  StatisticsChoice,
  statisticsChoiceQuerySchema,
} from '@vitrine/contract';
import { SUMMARY_TOP } from '@vitrine/contract';
import { and, asc, type Column, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companies, contents, type Device, devices, playbacks, schedules } from '../../db/schema';
import { forbidden } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';

// Proof of play (ARCHITECTURE §7): the batches players upload (POST player/playbacks), kept once per
// UUID with the device's company and workspace, and read back as the playback log
// (/statistics/playback-log) through the caller's tenant scope.

type Reporter = Pick<Device, 'id' | 'companyId' | 'workspaceId'>;

/**
 * Stores a batch; answers the UUIDs of the batch the server holds now (new or sent before), so
 * the player forgets exactly those. Content and schedule ids of another company are kept as none.
 */
export async function recordPlaybacks(
  db: Db,
  device: Reporter,
  batch: z.output<typeof playbacksRequestSchema>['playbacks'],
): Promise<string[]> {
  const { companyId, workspaceId } = device;
  if (companyId === null || workspaceId === null) throw forbidden(); // an unpaired screen plays nothing
  const unique = [...new Map(batch.map((item) => [item.uuid.toLowerCase(), item])).values()];
  const ids = (pick: (item: (typeof unique)[number]) => number | null) => [
    ...new Set(unique.map(pick).filter((id): id is number => id !== null)),
  ];
  const contentIds = ids((item) => item.content_id);
  const scheduleIds = ids((item) => item.schedule_id);
  return db.transaction(async (tx) => {
    const [ownContents, ownSchedules] = await Promise.all([
      contentIds.length === 0
        ? []
        : tx
            .select({ id: contents.id })
            .from(contents)
            .where(and(inArray(contents.id, contentIds), eq(contents.companyId, companyId))),
      scheduleIds.length === 0
        ? []
        : tx
            .select({ id: schedules.id })
            .from(schedules)
            .where(and(inArray(schedules.id, scheduleIds), eq(schedules.companyId, companyId))),
    ]);
    const contentOk = new Set(ownContents.map((row) => row.id));
    const scheduleOk = new Set(ownSchedules.map((row) => row.id));
    await tx
      .insert(playbacks)
      .values(
        unique.map((item) => ({
          uuid: item.uuid.toLowerCase(),
          companyId,
          workspaceId,
          deviceId: device.id,
          contentId: item.content_id !== null && contentOk.has(item.content_id) ? item.content_id : null,
          scheduleId: item.schedule_id !== null && scheduleOk.has(item.schedule_id) ? item.schedule_id : null,
          startedAt: new Date(item.started_at),
          durationMs: item.duration_ms,
          sensorId: item.sensor_id,
        })),
      )
      .onConflictDoNothing({ target: playbacks.uuid });
    const stored = await tx
      .select({ uuid: playbacks.uuid })
      .from(playbacks)
      .where(
        inArray(
          playbacks.uuid,
          unique.map((item) => item.uuid.toLowerCase()),
        ),
      );
    const held = new Set(stored.map((row) => row.uuid));
    // In the player's own spelling, so it can match them.
    return batch.filter((item) => held.has(item.uuid.toLowerCase())).map((item) => item.uuid);
  });
}

// ── Filters ─────────────────────────────────────────────────────────────────────────────────

export type PlaybackFilter = z.output<typeof playbackFilterSchema>;

/** A period's bounds on a time column: the last `days` days up to now, or from..to. */
export function periodFilter(column: typeof playbacks.startedAt, filter: PlaybackFilter): SQL | undefined {
  if (filter.days !== undefined) return gte(column, sql`now() - (${filter.days}::int * interval '1 day')`);
  return and(
    filter.from === undefined ? undefined : gte(column, new Date(filter.from)),
    filter.to === undefined ? undefined : lte(column, new Date(filter.to)),
  );
}

/** The playback log's filters, the caller's scope first. */
export function playbackWhere(scope: PlaybackScope, filter: PlaybackFilter): SQL | undefined {
  return and(
    scope.filter,
    filter.device_id === undefined ? undefined : eq(playbacks.deviceId, filter.device_id),
    filter.content_id === undefined ? undefined : eq(playbacks.contentId, filter.content_id),
    filter.schedule_id === undefined ? undefined : eq(playbacks.scheduleId, filter.schedule_id),
    periodFilter(playbacks.startedAt, filter),
  );
}

/**
 * Which playbacks a caller sees: a tenant scope's filter, or the same fixed at the time an export
 * was asked for (the job runs without a session).
 */
export type PlaybackScope = { filter: SQL | undefined };

export const scopeOfCaller = (scope: TenantScope): PlaybackScope => ({
  filter: scope.rowFilter({ companyId: playbacks.companyId, workspaceId: playbacks.workspaceId }),
});

/** A scope kept with an export: null lists mean no limit (the platform). */
export type FrozenScope = { companyIds: number[] | null; workspaceIds: number[] | null };

export async function freezeScope(db: Db, scope: TenantScope): Promise<FrozenScope> {
  if (scope.kind === 'platform') return { companyIds: null, workspaceIds: null };
  if (scope.kind === 'company') return { companyIds: [scope.companyId as number], workspaceIds: null };
  if (scope.kind === 'workspace') {
    return { companyIds: [scope.companyId as number], workspaceIds: [...scope.workspaceIds] };
  }
  // A customer (or nobody): the companies it sees now.
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(scope.companyFilter(companies.id) ?? sql`true`);
  return { companyIds: rows.map((row) => row.id), workspaceIds: null };
}

export const scopeOfFrozen = (frozen: FrozenScope): PlaybackScope => ({
  filter: and(
    frozen.companyIds === null
      ? undefined
      : frozen.companyIds.length === 0
        ? sql`false`
        : inArray(playbacks.companyId, frozen.companyIds),
    frozen.workspaceIds === null
      ? undefined
      : frozen.workspaceIds.length === 0
        ? sql`false`
        : inArray(playbacks.workspaceId, frozen.workspaceIds),
  ),
});

// ── The log ──────────────────────────────────────────────────────────────────────────────────

export const deviceName = sql<string>`coalesce(nullif(${devices.name}, ''), ${devices.signageId})`;

export const logColumns = {
  uuid: playbacks.uuid,
  deviceId: playbacks.deviceId,
  deviceName,
  contentId: playbacks.contentId,
  contentName: contents.name,
  contentType: contents.type,
  scheduleId: playbacks.scheduleId,
  scheduleName: schedules.name,
  startedAt: playbacks.startedAt,
  durationMs: playbacks.durationMs,
};

export const selectLog = (db: Db) =>
  db
    .select(logColumns)
    .from(playbacks)
    .innerJoin(devices, eq(devices.id, playbacks.deviceId))
    .leftJoin(contents, eq(contents.id, playbacks.contentId))
    .leftJoin(schedules, eq(schedules.id, playbacks.scheduleId));

export type LogRow = Awaited<ReturnType<ReturnType<typeof selectLog>['execute']>>[number];

const presentLogRow = (row: LogRow): PlaybackLogRow => ({
  uuid: row.uuid,
  device_id: row.deviceId,
  device_name: row.deviceName,
  content_id: row.contentId,
  content_name: row.contentName,
  content_type: row.contentType,
  schedule_id: row.scheduleId,
  schedule_name: row.scheduleName,
  started_at: row.startedAt.toISOString(),
  duration_ms: row.durationMs,
});

const SORT = { started_at: playbacks.startedAt, duration: playbacks.durationMs };

/** GET statistics/playback-log: newest first, paged. */
export async function playbackLog(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof playbackLogQuerySchema>,
): Promise<ListResult<PlaybackLogRow>> {
  const where = playbackWhere(scopeOfCaller(scope), query);
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    selectLog(db)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'started_at,desc', playbacks.uuid))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(playbacks)
      .where(where),
  ]);
  return { list: rows.map(presentLogRow), total };
}

/** GET statistics/playback-log/summary: totals, the top contents or devices, plays per day. */
export async function playbackSummary(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof playbackSummaryQuerySchema>,
): Promise<PlaybackSummary> {
  const where = playbackWhere(scopeOfCaller(scope), query);
  const tz = query.tz ?? 'UTC';
  const plays = sql<number>`count(*)`.mapWith(Number);
  const duration = sql<number>`coalesce(sum(${playbacks.durationMs}), 0)`.mapWith(Number);
  const day = sql<string>`to_char(${playbacks.startedAt} at time zone ${tz}, 'YYYY-MM-DD')`;
  const totals = db
    .select({
      plays,
      duration,
      devices: sql<number>`count(distinct ${playbacks.deviceId})`.mapWith(Number),
      contents: sql<number>`count(distinct ${playbacks.contentId})`.mapWith(Number),
    })
    .from(playbacks)
    .where(where);
  const top =
    query.group === 'device'
      ? db
          .select({
            id: playbacks.deviceId,
            name: deviceName,
            contentType: sql<number | null>`null`,
            plays,
            duration,
          })
          .from(playbacks)
          .innerJoin(devices, eq(devices.id, playbacks.deviceId))
          .where(where)
          .groupBy(playbacks.deviceId, devices.name, devices.signageId)
          .orderBy(desc(plays), asc(playbacks.deviceId))
          .limit(SUMMARY_TOP)
      : db
          .select({
            id: playbacks.contentId,
            name: contents.name,
            contentType: contents.type,
            plays,
            duration,
          })
          .from(playbacks)
          .leftJoin(contents, eq(contents.id, playbacks.contentId))
          .where(where)
          .groupBy(playbacks.contentId, contents.name, contents.type)
          .orderBy(desc(plays), asc(playbacks.contentId))
          .limit(SUMMARY_TOP);
  const days = db
    .select({ date: day, plays, duration })
    .from(playbacks)
    .where(where)
    // By position: the timezone is a parameter, and two parameters never count as the same expression.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const [[total], topRows, dayRows] = await Promise.all([totals, top, days]);
  return {
    plays: total.plays,
    duration_ms: total.duration,
    devices: total.devices,
    contents: total.contents,
    top: topRows.map((row) => ({
      id: row.id,
      name: row.name,
      content_type: row.contentType,
      plays: row.plays,
      duration_ms: row.duration,
    })),
    days: dayRows.map((row) => ({ date: row.date, plays: row.plays, duration_ms: row.duration })),
  };
}

// ── Choices for the filters ──────────────────────────────────────────────────────────────────

const CHOICES = 20;

/** GET statistics/choices: devices, contents or schedules of the caller's scope by name. */
export async function statisticsChoices(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof statisticsChoiceQuerySchema>,
): Promise<StatisticsChoice[]> {
  // The filter's current value comes first, whatever the keyword.
  const withId = (column: Column, match: SQL | undefined) =>
    query.id === undefined || match === undefined ? match : or(match, eq(column, query.id));
  const chosenFirst = (column: Column) =>
    query.id === undefined ? [] : [sql`case when ${column} = ${query.id} then 0 else 1 end`];
  if (query.kind === 'device') {
    const rows = await db
      .select({ id: devices.id, name: deviceName })
      .from(devices)
      .where(
        and(
          scope.rowFilter({ companyId: devices.companyId, workspaceId: devices.workspaceId }),
          withId(devices.id, keywordFilter(query.keyword, devices.name, devices.signageId)),
        ),
      )
      .orderBy(...chosenFirst(devices.id), asc(deviceName), asc(devices.id))
      .limit(CHOICES);
    return rows.map((row) => ({ id: row.id, name: row.name, content_type: null }));
  }
  if (query.kind === 'content') {
    const rows = await db
      .select({ id: contents.id, name: contents.name, type: contents.type })
      .from(contents)
      .where(
        and(
          scope.rowFilter({ companyId: contents.companyId, workspaceId: contents.workspaceId }),
          isNull(contents.deletedAt),
          withId(contents.id, keywordFilter(query.keyword, contents.name)),
        ),
      )
      .orderBy(...chosenFirst(contents.id), asc(contents.name), asc(contents.id))
      .limit(CHOICES);
    return rows.map((row) => ({ id: row.id, name: row.name, content_type: row.type }));
  }
  const rows = await db
    .select({ id: schedules.id, name: schedules.name })
    .from(schedules)
    .where(
      and(
        scope.rowFilter({ companyId: schedules.companyId, workspaceId: schedules.workspaceId }),
        withId(schedules.id, keywordFilter(query.keyword, schedules.name)),
      ),
    )
    .orderBy(...chosenFirst(schedules.id), asc(schedules.name), asc(schedules.id))
    .limit(CHOICES);
  return rows.map((row) => ({ id: row.id, name: row.name, content_type: null }));
}
