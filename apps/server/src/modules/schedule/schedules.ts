import {
  type ApprovalState,
  AWAITING_APPROVAL,
  ITEM_SCHEDULE_TYPES,
  type Language,
  type ListResult,
  type Permission,
  ResultCode,
  SCHEDULE_NOTICE_LIMIT,
  type ScheduleAction,
  type ScheduleDetail,
  type ScheduleFields,
  type ScheduleNotice,
  type SchedulePendingCount,
  type ScheduleSummary,
  ScheduleType,
  SENSOR_SECONDS_DEFAULT,
  SOURCE_SCHEDULE_TYPES,
  type scheduleAuditListSchema,
  type scheduleListQuerySchema,
  todayAnywhere,
  translate,
} from '@vitrine/contract';
import {
  and,
  asc,
  type Column,
  eq,
  exists,
  getTableColumns,
  inArray,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  compositions,
  contents,
  devices,
  playlists,
  type ScheduleRow,
  scheduleAudits,
  scheduleDevices,
  scheduleItems,
  scheduleSensors,
  schedules,
  users,
  videoWallContents,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import { publishManifestChanged } from '../../platform/screen-changes';
import type { Caller, TenantScope } from '../../platform/tenancy';
import type { Uses } from '../../platform/uses';
import { activeWorkspace, mayApprove, pendingContentCount } from '../content';
import { assertSensorsInScope, scheduleSensorList, storeScheduleSensors } from '../sensor';
import { scheduleNeedsConfirm } from '../setting';
import {
  hasEnded,
  NO_PUSH,
  type PushCounts,
  presentAudit,
  presentDevice,
  presentItem,
  presentSummary,
  type ScheduleListRow,
} from './presenter';
import { publishSchedule, queuePublication, retractSchedule, STORAGE_REFUSED } from './publish';
import { checkRefs } from './rules';

// Schedules (/manager/schedule): content bound to devices for dates and time frames, kept per
// workspace and found through the caller's tenant scope (another tenant's id answers 404001).
// Lifecycle (spec 001 §4): draft → pending (submit) → reviewing (an approver opened it) → approved
// | rejected (reason); only the creator withdraws a waiting or approved one; draft, rejected and
// withdrawn ones are edited and submitted again; editing an approved or reviewing one puts it back
// to pending. With approval off (company setting
// schedule_confirm) a submit approves at once. Every action leaves an audit row; approval publishes
// (publish.ts), and an approved schedule that stops reaching devices is retracted from them.

const visible = (scope: TenantScope) =>
  scope.rowFilter({ companyId: schedules.companyId, workspaceId: schedules.workspaceId });

const creators = alias(users, 'creators');
const reviewers = alias(users, 'reviewers');
const userName = (table: { nickname: Column; username: Column }) =>
  sql<string | null>`coalesce(nullif(${table.nickname}, ''), ${table.username})`;

const selectRows = (db: Db) =>
  db
    .select({
      ...getTableColumns(schedules),
      creatorName: userName(creators),
      reviewerName: userName(reviewers),
    })
    .from(schedules)
    .leftJoin(creators, eq(creators.id, schedules.creatorId))
    .leftJoin(reviewers, eq(reviewers.id, schedules.reviewerId));

const stateConflict = () => new AppError(ResultCode.stateConflict, 'schedule.state');
const awaiting = (state: string) => AWAITING_APPROVAL.includes(state as ApprovalState);

/** A stored schedule that ended for every screen while it waited is not sent on (as a save of it is refused). */
function assertNotEnded(row: { endDate: string }) {
  if (row.endDate < todayAnywhere(Date.now())) {
    throw new AppError(ResultCode.validation, 'schedule.endInPast', {}, { field: 'end_date' });
  }
}

// ── Reads ────────────────────────────────────────────────────────────────────────────────────

/** Devices and push statuses of each schedule. */
async function pushCounts(db: Db, ids: readonly number[]): Promise<Map<number, PushCounts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: scheduleDevices.scheduleId,
      status: scheduleDevices.pushStatus,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(scheduleDevices)
    .where(inArray(scheduleDevices.scheduleId, [...ids]))
    .groupBy(scheduleDevices.scheduleId, scheduleDevices.pushStatus);
  const counts = new Map<number, PushCounts>();
  for (const row of rows) {
    const entry = counts.get(row.id) ?? { device_count: 0, push: { ...NO_PUSH.push } };
    entry.device_count += row.count;
    if (row.status && row.status in entry.push)
      entry.push[row.status as keyof PushCounts['push']] += row.count;
    counts.set(row.id, entry);
  }
  return counts;
}

async function summaries(
  db: Db,
  caller: Caller,
  rows: readonly ScheduleListRow[],
): Promise<ScheduleSummary[]> {
  const counts = await pushCounts(
    db,
    rows.map((row) => row.id),
  );
  const approver = mayApprove(caller);
  return rows.map((row) => presentSummary(row, counts.get(row.id) ?? NO_PUSH, approver));
}

const SORT = {
  name: schedules.name,
  created_at: schedules.createdAt,
  updated_at: schedules.updatedAt,
  start_date: schedules.startDate,
  priority: schedules.priority,
};

/** GET schedule: the schedules in scope, keyword over the name, by state, type, device; `ntc` those the caller may approve. */
export async function scheduleList(
  db: Db,
  caller: Caller,
  query: z.output<typeof scheduleListQuerySchema>,
): Promise<ListResult<ScheduleSummary>> {
  const where = and(
    visible(caller.scope),
    keywordFilter(query.keyword, schedules.name),
    query.state === undefined ? undefined : eq(schedules.state, query.state),
    query.type === undefined ? undefined : eq(schedules.type, query.type),
    query.device_id === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(scheduleDevices)
            .where(
              and(
                eq(scheduleDevices.scheduleId, schedules.id),
                eq(scheduleDevices.deviceId, query.device_id),
              ),
            ),
        ),
    query.ntc
      ? mayApprove(caller)
        ? inArray(schedules.state, [...AWAITING_APPROVAL])
        : sql`false`
      : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'created_at,desc', schedules.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(schedules)
      .where(where),
  ]);
  return { list: await summaries(db, caller, rows), total };
}

/** The schedule in scope; 404001 otherwise. */
async function scheduleOf(db: Db, scope: TenantScope, id: number) {
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, id), visible(scope)));
  if (!row) throw notFound();
  return row;
}

/** Where a schedule in scope lives; 404001 otherwise. */
export async function scheduleOwner(db: Db, caller: Caller, id: number) {
  const row = await scheduleOf(db, caller.scope, id);
  return { companyId: row.companyId, workspaceId: row.workspaceId };
}

/** GET schedule/:id: everything the editor, the approval page and the preview need. */
export async function scheduleDetail(db: Db, caller: Caller, id: number): Promise<ScheduleDetail> {
  const [row] = await selectRows(db)
    .where(and(eq(schedules.id, id), visible(caller.scope)))
    .limit(1);
  if (!row) throw notFound();
  const [summary] = await summaries(db, caller, [row]);
  const [items, screens, program, tags] = await Promise.all([
    db
      .select({
        contentId: scheduleItems.contentId,
        duration: scheduleItems.duration,
        name: contents.name,
        type: contents.type,
        thumbnailHash: contents.thumbnailHash,
        mediaDuration: contents.duration,
        mime: contents.mime,
        playableHash: contents.playableHash,
        width: contents.width,
        height: contents.height,
      })
      .from(scheduleItems)
      .innerJoin(contents, eq(contents.id, scheduleItems.contentId))
      .where(eq(scheduleItems.scheduleId, id))
      .orderBy(asc(scheduleItems.position), asc(scheduleItems.id)),
    db
      .select({
        deviceId: scheduleDevices.deviceId,
        name: devices.name,
        signageId: devices.signageId,
        orientation: devices.orientation,
        timezone: devices.timezone,
        pushStatus: scheduleDevices.pushStatus,
        pushReason: scheduleDevices.pushReason,
        pushedAt: scheduleDevices.pushedAt,
      })
      .from(scheduleDevices)
      .innerJoin(devices, eq(devices.id, scheduleDevices.deviceId))
      .where(eq(scheduleDevices.scheduleId, id))
      .orderBy(asc(devices.name), asc(devices.id)),
    programOf(db, row),
    row.type === ScheduleType.sensor ? scheduleSensorList(db, id) : [],
  ]);
  return {
    ...summary,
    exclude_holidays: row.excludeHolidays,
    frames: row.frames,
    items: items.map(presentItem),
    program,
    devices: screens.map(presentDevice),
    sensor:
      row.type === ScheduleType.sensor
        ? { sensors: tags, seconds: row.sensorSeconds ?? SENSOR_SECONDS_DEFAULT }
        : null,
  };
}

async function programOf(db: Db, row: ScheduleRow) {
  if (row.programId === null) return null;
  if (row.type === ScheduleType.videoWall) {
    const [laid] = await db
      .select({ id: videoWallContents.id, name: videoWallContents.name, wall_id: videoWallContents.wallId })
      .from(videoWallContents)
      .where(eq(videoWallContents.id, row.programId));
    return laid ?? null;
  }
  const table =
    row.type === ScheduleType.playlist
      ? playlists
      : row.type === ScheduleType.composition
        ? compositions
        : null;
  if (!table) return null;
  const [program] = await db
    .select({ id: table.id, name: table.name, orientation: table.orientation })
    .from(table)
    .where(eq(table.id, row.programId));
  return program ?? null;
}

/** GET schedule/:id/audits: who did what, oldest first. */
export async function scheduleAuditList(
  db: Db,
  caller: Caller,
  id: number,
): Promise<z.infer<typeof scheduleAuditListSchema>> {
  await scheduleOf(db, caller.scope, id);
  const rows = await db
    .select({
      id: scheduleAudits.id,
      action: scheduleAudits.action,
      userName: userName(users),
      reason: scheduleAudits.reason,
      createdAt: scheduleAudits.createdAt,
    })
    .from(scheduleAudits)
    .leftJoin(users, eq(users.id, scheduleAudits.userId))
    .where(eq(scheduleAudits.scheduleId, id))
    .orderBy(asc(scheduleAudits.createdAt), asc(scheduleAudits.id));
  return { list: rows.map(presentAudit) };
}

/**
 * GET schedule/pending-count: the dot. Pending and reviewing schedules and content in scope the
 * caller may approve; the caller's own rejected schedules; the caller's own approved, not ended ones a device failed to receive.
 * The last two come with their notices ("The schedule was rejected" with the reason, "Push
 * failed"), the latest changed first, for the console to tell the creator.
 */
export async function pendingCount(db: Db, caller: Caller, lang: Language): Promise<SchedulePendingCount> {
  const own = and(visible(caller.scope), eq(schedules.creatorId, caller.scope.user.userId));
  const count = async (where: SQL | undefined) => {
    const [row] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(schedules)
      .where(where);
    return row.total;
  };
  const pending = mayApprove(caller)
    ? await count(and(visible(caller.scope), inArray(schedules.state, [...AWAITING_APPROVAL])))
    : 0;
  const contentPending = await pendingContentCount(db, caller);
  const rejected = await db
    .select({
      id: schedules.id,
      name: schedules.name,
      reason: schedules.rejectReason,
      updatedAt: schedules.updatedAt,
    })
    .from(schedules)
    .where(and(own, eq(schedules.state, 'rejected')));
  const failing = await db
    .select({
      id: schedules.id,
      name: schedules.name,
      updatedAt: schedules.updatedAt,
      endDate: schedules.endDate,
      spot: schedules.spot,
      // Refused by a screen for want of storage: the notice says so.
      refused:
        sql<boolean>`exists (select 1 from ${scheduleDevices} where ${scheduleDevices.scheduleId} = ${schedules.id} and ${scheduleDevices.pushReason} = ${STORAGE_REFUSED})`.mapWith(
          Boolean,
        ),
    })
    .from(schedules)
    .where(
      and(
        own,
        eq(schedules.state, 'approved'),
        exists(
          db
            .select({ one: sql`1` })
            .from(scheduleDevices)
            .where(
              and(eq(scheduleDevices.scheduleId, schedules.id), eq(scheduleDevices.pushStatus, 'failed')),
            ),
        ),
      ),
    );
  const failed = failing.filter((row) => !hasEnded(row));
  const notice = (
    row: { id: number; name: string; updatedAt: Date },
    key: string,
    reason: string | null,
  ): ScheduleNotice => ({
    schedule_id: row.id,
    name: row.name,
    message: translate(lang, key),
    reason,
    updated_at: row.updatedAt.toISOString(),
  });
  const notices = [
    ...rejected.map((row) => notice(row, 'schedule.rejected', row.reason)),
    ...failed.map((row) =>
      notice(row, 'schedule.pushFailed', row.refused ? translate(lang, STORAGE_REFUSED) : null),
    ),
  ]
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.schedule_id - a.schedule_id)
    .slice(0, SCHEDULE_NOTICE_LIMIT);
  return {
    count: pending + contentPending + rejected.length + failed.length,
    pending,
    content_pending: contentPending,
    rejected: rejected.length,
    push_failed: failed.length,
    notices,
  };
}

// ── Writes ───────────────────────────────────────────────────────────────────────────────────

async function audit(
  tx: Db,
  scheduleId: number,
  action: ScheduleAction,
  userId: number | null,
  reason: string | null = null,
) {
  await tx.insert(scheduleAudits).values({ scheduleId, action, userId, reason });
}

/** The fields as stored: item types keep items and no program, program types the reverse; a spot sets its own date. */
function normalized(fields: ScheduleFields) {
  const itemType = ITEM_SCHEDULE_TYPES.includes(fields.type);
  const spot = fields.type === ScheduleType.insert ? fields.spot : null;
  const spotDate = spot?.start.slice(0, 10);
  const sensor = fields.type === ScheduleType.sensor ? fields.sensor : null;
  return {
    columns: {
      name: fields.name,
      type: fields.type,
      priority: fields.priority,
      startDate: spotDate ?? fields.start_date,
      endDate: spotDate ?? fields.end_date,
      frames: spot ? [] : fields.frames,
      spot,
      programId: SOURCE_SCHEDULE_TYPES.includes(fields.type) ? fields.program_id : null,
      excludeHolidays: fields.exclude_holidays,
      sensorSeconds: sensor?.seconds ?? null,
    },
    items: itemType ? fields.items : [],
    sensorIds: sensor?.sensor_ids ?? [],
    deviceIds: [...new Set(fields.device_ids)],
  };
}

async function storeLists(tx: Db, id: number, stored: ReturnType<typeof normalized>) {
  await storeScheduleSensors(tx, id, stored.sensorIds);
  await tx.delete(scheduleItems).where(eq(scheduleItems.scheduleId, id));
  if (stored.items.length > 0) {
    await tx.insert(scheduleItems).values(
      stored.items.map((item, position) => ({
        scheduleId: id,
        position,
        contentId: item.content_id,
        duration: item.duration,
      })),
    );
  }
  // Devices that stay keep their push status; the others go (returned), the new ones come.
  const removed = await tx
    .delete(scheduleDevices)
    .where(
      and(
        eq(scheduleDevices.scheduleId, id),
        stored.deviceIds.length === 0 ? undefined : notInArray(scheduleDevices.deviceId, stored.deviceIds),
      ),
    )
    .returning({ deviceId: scheduleDevices.deviceId });
  await tx
    .insert(scheduleDevices)
    .values(stored.deviceIds.map((deviceId) => ({ scheduleId: id, deviceId })))
    .onConflictDoNothing();
  return removed.map((row) => row.deviceId);
}

/** The devices a schedule reaches now. */
async function deviceIdsOf(tx: Db, id: number) {
  const rows = await tx
    .select({ id: scheduleDevices.deviceId })
    .from(scheduleDevices)
    .where(eq(scheduleDevices.scheduleId, id));
  return rows.map((row) => row.id);
}

/** The schedule in scope, locked for the write (after what it names: the order deletes take them in). */
async function lockedSchedule(tx: Db, scope: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, id), visible(scope)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** What a stored schedule names, checked again before it goes to approval or to screens. */
async function recheck(tx: Db, scope: TenantScope, row: ScheduleRow) {
  const items = await tx
    .select({ content_id: scheduleItems.contentId, duration: scheduleItems.duration })
    .from(scheduleItems)
    .where(eq(scheduleItems.scheduleId, row.id))
    .orderBy(asc(scheduleItems.position));
  await checkRefs(tx, scope, row, {
    type: row.type,
    devices: { scheduleId: row.id },
    items,
    program_id: row.programId,
  });
}

/**
 * Sends a draft, rejected or withdrawn schedule to approval, or with approval off approves and
 * publishes it at once. Returns the state it reached.
 */
async function submitLocked(tx: Db, caller: Caller, row: ScheduleRow): Promise<'pending' | 'approved'> {
  if (!['draft', 'rejected', 'withdrawn'].includes(row.state)) throw stateConflict();
  const userId = caller.scope.user.userId;
  const now = new Date();
  await audit(tx, row.id, 'submit', userId);
  if (await scheduleNeedsConfirm(tx, row.companyId)) {
    await tx
      .update(schedules)
      .set({ state: 'pending', submittedAt: now, rejectReason: null, approvedBy: null, approvedAt: null })
      .where(eq(schedules.id, row.id));
    return 'pending';
  }
  await tx
    .update(schedules)
    .set({ state: 'approved', submittedAt: now, rejectReason: null, approvedBy: userId, approvedAt: now })
    .where(eq(schedules.id, row.id));
  await audit(tx, row.id, 'publish', userId);
  await publishSchedule(tx, row.id);
  return 'approved';
}

/** A sensor schedule is made with schedule:sensor:add and changed with schedule:sensor:edit (spec 000 §2). */
function assertMay(caller: Caller, permission: Permission) {
  if (!caller.permissions.includes(permission)) throw forbidden();
}

export type Saved = { detail: ScheduleDetail; state: string };

/** POST schedule: a new schedule in the active workspace, a draft unless `submit`. */
export async function createSchedule(
  app: FastifyInstance,
  caller: Caller,
  fields: ScheduleFields,
): Promise<Saved> {
  const { scope } = caller;
  if (fields.type === ScheduleType.sensor) assertMay(caller, 'schedule:sensor:add');
  const stored = normalized(fields);
  const { id, state } = await app.db.transaction(async (tx) => {
    const workspace = await activeWorkspace(tx, scope);
    const owner = { companyId: workspace.companyId, workspaceId: workspace.id };
    await checkRefs(tx, scope, owner, {
      type: fields.type,
      devices: { ids: stored.deviceIds },
      items: stored.items,
      program_id: stored.columns.programId,
    });
    await assertSensorsInScope(tx, scope, owner.companyId, stored.sensorIds);
    const [row] = await tx
      .insert(schedules)
      .values({ ...owner, ...stored.columns, creatorId: scope.user.userId })
      .returning();
    await storeLists(tx, row.id, stored);
    await audit(tx, row.id, 'create', scope.user.userId);
    const state = fields.submit ? await submitLocked(tx, caller, row) : row.state;
    return { id: row.id, state };
  });
  return { detail: await scheduleDetail(app.db, caller, id), state };
}

/**
 * PUT schedule/:id: everything anew. A pending schedule stays pending, a reviewing one is pending
 * again (its approver opens it anew); an approved one goes back
 * to approval (leaving its screens until approved again), or with approval off is published again
 * at once; the others keep their state unless `submit`.
 */
export async function updateSchedule(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  fields: ScheduleFields,
): Promise<Saved> {
  const { scope } = caller;
  const stored = normalized(fields);
  const state = await app.db.transaction(async (tx) => {
    const found = await scheduleOf(tx, scope, id);
    if (found.type === ScheduleType.sensor || fields.type === ScheduleType.sensor) {
      assertMay(caller, 'schedule:sensor:edit');
    }
    await checkRefs(tx, scope, found, {
      type: fields.type,
      devices: { ids: stored.deviceIds },
      items: stored.items,
      program_id: stored.columns.programId,
    });
    await assertSensorsInScope(tx, scope, found.companyId, stored.sensorIds);
    const row = await lockedSchedule(tx, scope, id);
    const before = await deviceIdsOf(tx, id);
    const removed = await storeLists(tx, id, stored);
    await tx
      .update(schedules)
      .set({ ...stored.columns, updatedAt: new Date() })
      .where(eq(schedules.id, id));
    const userId = scope.user.userId;
    await audit(tx, id, 'update', userId);
    if (row.state === 'approved') {
      await audit(tx, id, 'submit', userId);
      const now = new Date();
      if (await scheduleNeedsConfirm(tx, row.companyId)) {
        await tx
          .update(schedules)
          .set({ state: 'pending', submittedAt: now, approvedBy: null, approvedAt: null })
          .where(eq(schedules.id, id));
        await retractSchedule(tx, id, before);
        return 'pending';
      }
      await tx
        .update(schedules)
        .set({ submittedAt: now, approvedBy: userId, approvedAt: now })
        .where(eq(schedules.id, id));
      await audit(tx, id, 'publish', userId);
      await retractSchedule(tx, id, removed);
      await publishSchedule(tx, id);
      return 'approved';
    }
    if (row.state === 'reviewing') {
      await tx.update(schedules).set({ state: 'pending', reviewerId: null }).where(eq(schedules.id, id));
      return 'pending';
    }
    if (row.state === 'pending' || !fields.submit) return row.state;
    return submitLocked(tx, caller, { ...row, ...stored.columns });
  });
  return { detail: await scheduleDetail(app.db, caller, id), state };
}

/** POST schedule/:id/submit. */
export async function submitSchedule(app: FastifyInstance, caller: Caller, id: number): Promise<Saved> {
  const state = await app.db.transaction(async (tx) => {
    const found = await scheduleOf(tx, caller.scope, id);
    if (!['draft', 'rejected', 'withdrawn'].includes(found.state)) throw stateConflict();
    assertNotEnded(found);
    await recheck(tx, caller.scope, found);
    return submitLocked(tx, caller, await lockedSchedule(tx, caller.scope, id));
  });
  return { detail: await scheduleDetail(app.db, caller, id), state };
}

/**
 * POST schedule/:id/withdraw: the creator takes back a waiting or approved schedule (and off its
 * screens); anyone else is refused 403001.
 */
export async function withdrawSchedule(
  app: FastifyInstance,
  caller: Caller,
  id: number,
): Promise<ScheduleDetail> {
  await app.db.transaction(async (tx) => {
    const row = await lockedSchedule(tx, caller.scope, id);
    if (row.creatorId !== caller.scope.user.userId) throw forbidden();
    if (!awaiting(row.state) && row.state !== 'approved') throw stateConflict();
    await tx
      .update(schedules)
      .set({ state: 'withdrawn', approvedBy: null, approvedAt: null, reviewerId: null })
      .where(eq(schedules.id, id));
    await audit(tx, id, 'withdraw', caller.scope.user.userId);
    if (row.state === 'approved') await retractSchedule(tx, id, await deviceIdsOf(tx, id));
  });
  return scheduleDetail(app.db, caller, id);
}

/**
 * POST schedule/:id/review: the approval page opened a pending schedule: it is reviewing, by the
 * caller. One already reviewing keeps its reviewer (the page shows who).
 */
export async function reviewSchedule(
  app: FastifyInstance,
  caller: Caller,
  id: number,
): Promise<ScheduleDetail> {
  await app.db.transaction(async (tx) => {
    const row = await lockedSchedule(tx, caller.scope, id);
    if (row.state === 'reviewing') return;
    if (row.state !== 'pending') throw stateConflict();
    const userId = caller.scope.user.userId;
    await tx.update(schedules).set({ state: 'reviewing', reviewerId: userId }).where(eq(schedules.id, id));
    await audit(tx, id, 'review', userId);
  });
  return scheduleDetail(app.db, caller, id);
}

/**
 * POST schedule/:id/approve: a pending or reviewing schedule is approved. Answers it (without its
 * devices: none has been pushed to yet) and the publication job queued with it, which takes it to
 * its screens (run it once answered).
 */
export async function approveSchedule(
  app: FastifyInstance,
  caller: Caller,
  id: number,
): Promise<{ summary: ScheduleSummary; publication: number }> {
  const publication = await app.db.transaction(async (tx) => {
    const found = await scheduleOf(tx, caller.scope, id);
    if (!awaiting(found.state)) throw stateConflict();
    assertNotEnded(found);
    await recheck(tx, caller.scope, found);
    const row = await lockedSchedule(tx, caller.scope, id);
    if (!awaiting(row.state)) throw stateConflict();
    await tx
      .update(schedules)
      .set({
        state: 'approved',
        approvedBy: caller.scope.user.userId,
        approvedAt: new Date(),
        rejectReason: null,
        reviewerId: null,
      })
      .where(eq(schedules.id, id));
    await audit(tx, id, 'approve', caller.scope.user.userId);
    return queuePublication(app, tx, id);
  });
  const [row] = await selectRows(app.db).where(eq(schedules.id, id)).limit(1);
  const [summary] = await summaries(app.db, caller, [row]);
  return { summary, publication };
}

/** POST schedule/:id/reject {reason}: a pending or reviewing schedule goes back to its creator with the reason. */
export async function rejectSchedule(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  reason: string,
): Promise<ScheduleDetail> {
  await app.db.transaction(async (tx) => {
    const row = await lockedSchedule(tx, caller.scope, id);
    if (!awaiting(row.state)) throw stateConflict();
    await tx
      .update(schedules)
      .set({ state: 'rejected', rejectReason: reason, reviewerId: null })
      .where(eq(schedules.id, id));
    await audit(tx, id, 'reject', caller.scope.user.userId, reason);
  });
  return scheduleDetail(app.db, caller, id);
}

/** DELETE schedule(/:id): every id must be in scope (404001 otherwise, and nothing goes); approved ones leave their screens. */
export async function deleteSchedules(app: FastifyInstance, caller: Caller, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  await app.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: schedules.id, state: schedules.state })
      .from(schedules)
      .where(and(inArray(schedules.id, unique), visible(caller.scope)))
      .orderBy(schedules.id)
      .for('update');
    if (rows.length !== unique.length) throw notFound();
    for (const row of rows) {
      if (row.state === 'approved') await retractSchedule(tx, row.id, await deviceIdsOf(tx, row.id));
    }
    await tx.delete(schedules).where(inArray(schedules.id, unique));
  });
  return null;
}

// ── What schedules use ───────────────────────────────────────────────────────────────────────

/**
 * After content or a program was taken out of these schedules: one left with nothing to play is
 * withdrawn (leaving its screens if it was approved); an approved one that still plays something
 * has its screens fetch their manifest again.
 */
async function settleDetached(
  tx: Db,
  touched: readonly { id: number; state: string; type: string; programId: number | null }[],
) {
  for (const row of touched) {
    const deviceIds = await deviceIdsOf(tx, row.id);
    const [left] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(scheduleItems)
      .where(eq(scheduleItems.scheduleId, row.id));
    const [tags] =
      row.type === ScheduleType.sensor
        ? await tx
            .select({ count: sql<number>`count(*)`.mapWith(Number) })
            .from(scheduleSensors)
            .where(eq(scheduleSensors.scheduleId, row.id))
        : [{ count: 1 }];
    // Nothing to show, or (a sensor schedule) no tag left to trigger it.
    const empty =
      (ITEM_SCHEDULE_TYPES.includes(row.type) ? left.count === 0 : row.programId === null) ||
      tags.count === 0;
    if (empty && (awaiting(row.state) || row.state === 'approved')) {
      await tx
        .update(schedules)
        .set({ state: 'withdrawn', approvedBy: null, approvedAt: null, reviewerId: null })
        .where(eq(schedules.id, row.id));
      await audit(tx, row.id, 'withdraw', null);
      if (row.state === 'approved') await retractSchedule(tx, row.id, deviceIds);
    } else if (row.state === 'approved') {
      await publishManifestChanged(tx, deviceIds);
    }
  }
}

const touchedColumns = {
  id: schedules.id,
  state: schedules.state,
  type: schedules.type,
  programId: schedules.programId,
};

/** The schedules listing any of these items in `table` (their content, or a sensor schedule's tags). */
const listing = (table: typeof scheduleItems | typeof scheduleSensors, item: PgColumn): Uses => {
  const scheduleIds = (tx: Db, ids: readonly number[]) =>
    tx
      .select({ id: table.scheduleId })
      .from(table)
      .where(inArray(item, [...ids]));
  return {
    find: (tx, ids) =>
      tx
        .selectDistinct({ id: schedules.id, name: schedules.name })
        .from(schedules)
        .where(inArray(schedules.id, scheduleIds(tx, ids)))
        .orderBy(schedules.id),
    detach: async (tx, ids) => {
      const touched = await tx
        .update(schedules)
        .set({ updatedAt: new Date() })
        .where(inArray(schedules.id, scheduleIds(tx, ids)))
        .returning(touchedColumns);
      await tx.delete(table).where(inArray(item, [...ids]));
      await settleDetached(tx, touched);
    },
  };
};

/** The schedules of a type playing any of these programs (or wall content, for video-wall schedules). */
const playing = (type: string) => ({
  find: (tx: Db, ids: readonly number[]) =>
    tx
      .select({ id: schedules.id, name: schedules.name })
      .from(schedules)
      .where(and(eq(schedules.type, type), inArray(schedules.programId, [...ids])))
      .orderBy(schedules.id),
  detach: async (tx: Db, ids: readonly number[]) => {
    const touched = await tx
      .update(schedules)
      .set({ programId: null, updatedAt: new Date() })
      .where(and(eq(schedules.type, type), inArray(schedules.programId, [...ids])))
      .returning(touchedColumns);
    await settleDetached(tx, touched);
  },
});
/** What schedules use, and the workspaces they keep: registered by the schedule module. */
export function registerScheduleUses(app: FastifyInstance) {
  app.uses.content.register('schedule', listing(scheduleItems, scheduleItems.contentId));
  // A sensor schedule's tags: a sensor that triggers one is deleted only when the user takes it out.
  app.uses.sensor.register('schedule', listing(scheduleSensors, scheduleSensors.sensorId));
  app.uses.playlist.register('schedule', playing(ScheduleType.playlist));
  app.uses.composition.register('schedule', playing(ScheduleType.composition));
  app.uses.videoWallContent.register('schedule', playing(ScheduleType.videoWall));
  // A workspace holding schedules is not deleted (spec 001 §4).
  app.workspaceBlockers.register('schedules', 'schedule', async (tx, workspaceId) => {
    const [row] = await tx
      .select({ id: schedules.id })
      .from(schedules)
      .where(eq(schedules.workspaceId, workspaceId))
      .limit(1);
    return row !== undefined;
  });
}
