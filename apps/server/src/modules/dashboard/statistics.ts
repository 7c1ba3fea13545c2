import {
  APPROVAL_STATES,
  type ApprovalState,
  type ContentStatistic,
  DASHBOARD_TOP_MODELS,
  type DeviceStatistic,
  DeviceStatus,
  type OssStatistic,
  type ScheduleStatistic,
  STORAGE_PER_DEVICE_BYTES,
  STORAGE_SHARED_BYTES,
  type UserStatistic,
} from '@vitrine/contract';
import { and, count, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, contents, devices, fonts, schedules, stickers, uploads, users } from '../../db/schema';
import { unlicensed } from '../../platform/licence-state';
import type { TenantScope } from '../../platform/tenancy';

// The dashboard's figures (spec 000 §7). Each statistic is one aggregate query over the caller's
// tenant scope (GROUPING SETS where one call has several breakdowns), so a platform with 100,000
// screens is counted in one pass over the devices table instead of one query per figure.

const num = (value: unknown) => Number(value ?? 0);

/** Accounts the caller may see (the team list's scope), by role and by status. */
export async function userStatistic(db: Db, scope: TenantScope): Promise<UserStatistic> {
  const rows = await db
    .select({
      roleId: users.roleId,
      status: users.status,
      byRole: sql<number>`grouping(${users.roleId})`,
      count: count(),
    })
    .from(users)
    .where(scope.rowFilter({ companyId: users.companyId, workspaceId: users.workspaceId }))
    .groupBy(sql`grouping sets ((${users.roleId}), (${users.status}))`);
  const byRole = rows.filter((row) => num(row.byRole) === 0);
  const byStatus = rows.filter((row) => num(row.byRole) === 1);
  return {
    total: byRole.reduce((sum, row) => sum + row.count, 0),
    by_role: byRole
      .map((row) => ({ role_id: row.roleId, count: row.count }))
      .sort((a, b) => a.role_id - b.role_id),
    by_status: byStatus
      .map((row) => ({ status: row.status, count: row.count }))
      .sort((a, b) => a.status - b.status),
  };
}

/** Screens in scope by status, orientation and model, in one pass. */
export async function deviceStatistic(db: Db, scope: TenantScope): Promise<DeviceStatistic> {
  // grouping() sets a bit for each rolled-up column (status 4, orientation 2, model 1): the status
  // rows read 3, the orientation rows 5, the model rows 6.
  const rows = await db
    .select({
      status: devices.status,
      orientation: devices.orientation,
      model: devices.deviceModel,
      set: sql<number>`grouping(${devices.status}, ${devices.orientation}, ${devices.deviceModel})`,
      count: count(),
    })
    .from(devices)
    .where(scope.rowFilter({ companyId: devices.companyId, workspaceId: devices.workspaceId }))
    .groupBy(sql`grouping sets ((${devices.status}), (${devices.orientation}), (${devices.deviceModel}))`);
  const bySet = (set: number) => rows.filter((row) => num(row.set) === set);
  const byStatus = bySet(3)
    .map((row) => ({ status: row.status, count: row.count }))
    .sort((a, b) => a.status - b.status);
  const of = (status: number) => byStatus.find((row) => row.status === status)?.count ?? 0;

  const models = bySet(6).sort((a, b) => b.count - a.count || String(a.model).localeCompare(String(b.model)));
  const named = models.filter((row) => row.model).slice(0, DASHBOARD_TOP_MODELS);
  const rest =
    models.reduce((sum, row) => sum + row.count, 0) - named.reduce((sum, row) => sum + row.count, 0);
  return {
    total: byStatus.reduce((sum, row) => sum + row.count, 0),
    online: of(DeviceStatus.online),
    offline: of(DeviceStatus.offline),
    unconfirmed: of(DeviceStatus.unconfirmed),
    by_status: byStatus,
    by_orientation: bySet(5)
      .map((row) => ({ orientation: row.orientation, count: row.count }))
      .sort((a, b) => a.orientation - b.orientation),
    by_model: [
      ...named.map((row) => ({ model: row.model, count: row.count })),
      ...(rest > 0 ? [{ model: null, count: rest }] : []),
    ],
  };
}

/** The server's date, the day schedules are counted as live on (device-local days may differ by one). */
const today = () => new Date().toISOString().slice(0, 10);

/** Schedules in scope by state and type, and how many approved ones run today, start later or ended. */
export async function scheduleStatistic(
  db: Db,
  scope: TenantScope,
  day = today(),
): Promise<ScheduleStatistic> {
  const approved = sql`${schedules.state} = 'approved'`;
  const rows = await db
    .select({
      state: schedules.state,
      type: schedules.type,
      byState: sql<number>`grouping(${schedules.state})`,
      count: count(),
      live: sql<number>`count(*) filter (where ${approved} and ${schedules.startDate} <= ${day} and ${schedules.endDate} >= ${day})`,
      upcoming: sql<number>`count(*) filter (where ${approved} and ${schedules.startDate} > ${day})`,
      ended: sql<number>`count(*) filter (where ${approved} and ${schedules.endDate} < ${day})`,
    })
    .from(schedules)
    .where(scope.rowFilter({ companyId: schedules.companyId, workspaceId: schedules.workspaceId }))
    .groupBy(sql`grouping sets ((${schedules.state}), (${schedules.type}))`);
  const byState = rows.filter((row) => num(row.byState) === 0);
  const states = new Map(byState.map((row) => [row.state, row]));
  const sum = (key: 'live' | 'upcoming' | 'ended') =>
    byState.reduce((total, row) => total + num(row[key]), 0);
  return {
    total: byState.reduce((total, row) => total + row.count, 0),
    live: sum('live'),
    upcoming: sum('upcoming'),
    ended: sum('ended'),
    by_state: APPROVAL_STATES.filter((state) => states.has(state)).map((state: ApprovalState) => ({
      state,
      count: states.get(state)?.count ?? 0,
    })),
    by_type: rows
      .filter((row) => num(row.byState) === 1)
      .map((row) => ({ type: row.type, count: row.count }))
      .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
  };
}

/** Library items in scope by type with their bytes; the recycle bin counted apart. */
export async function contentStatistic(db: Db, scope: TenantScope): Promise<ContentStatistic> {
  const live = sql`${contents.deletedAt} is null`;
  const rows = await db
    .select({
      type: contents.type,
      count: sql<number>`count(*) filter (where ${live})`,
      size: sql<string>`coalesce(sum(${contents.size}) filter (where ${live}), 0)`,
      recycled: sql<number>`count(*) filter (where not ${live})`,
      recycledSize: sql<string>`coalesce(sum(${contents.size}) filter (where not ${live}), 0)`,
    })
    .from(contents)
    .where(scope.rowFilter({ companyId: contents.companyId, workspaceId: contents.workspaceId }))
    .groupBy(contents.type);
  const byType = rows
    .filter((row) => num(row.count) > 0)
    .map((row) => ({ type: row.type, count: num(row.count), size: num(row.size) }))
    .sort((a, b) => a.type - b.type);
  return {
    total: byType.reduce((sum, row) => sum + row.count, 0),
    total_size: byType.reduce((sum, row) => sum + row.size, 0),
    by_type: byType,
    recycled: rows.reduce((sum, row) => sum + num(row.recycled), 0),
    recycled_size: rows.reduce((sum, row) => sum + num(row.recycledSize), 0),
  };
}

/**
 * Storage of the companies in scope, counted as media/quota.ts counts one company's (500 MB
 * shared plus 1 GB per device licensed now; used: content incl. the recycle bin, unfinished uploads,
 * fonts, stickers), summed over them: one query of scalar subqueries.
 */
export async function ossStatistic(db: Db, scope: TenantScope): Promise<OssStatistic> {
  const companyCount = db.select({ n: count() }).from(companies).where(scope.companyFilter(companies.id));
  const licensed = db
    .select({ n: count() })
    .from(devices)
    .where(and(scope.companyFilter(devices.companyId), sql`not ${unlicensed()}`));
  const total = (
    column: typeof contents.size | typeof uploads.size | typeof fonts.size | typeof stickers.size,
  ) => sql`coalesce(sum(${column}), 0)`;
  const [row] = await db
    .select({
      companies: sql<number>`(${companyCount})`,
      licensed: sql<number>`(${licensed})`,
      content: sql<string>`(${db
        .select({ n: total(contents.size) })
        .from(contents)
        .where(scope.companyFilter(contents.companyId))})`,
      upload: sql<string>`(${db
        .select({ n: total(uploads.size) })
        .from(uploads)
        .where(and(scope.companyFilter(uploads.companyId), gt(uploads.expiresAt, new Date())))})`,
      font: sql<string>`(${db
        .select({ n: total(fonts.size) })
        .from(fonts)
        .where(scope.companyFilter(fonts.companyId))})`,
      sticker: sql<string>`(${db
        .select({ n: total(stickers.size) })
        .from(stickers)
        .where(scope.companyFilter(stickers.companyId))})`,
    })
    .from(sql`(select 1) as one`);
  const companiesInScope = num(row.companies);
  const totalSize = companiesInScope * STORAGE_SHARED_BYTES + num(row.licensed) * STORAGE_PER_DEVICE_BYTES;
  const parts = {
    content: num(row.content),
    upload: num(row.upload),
    font: num(row.font),
    sticker: num(row.sticker),
  };
  const used = parts.content + parts.upload + parts.font + parts.sticker;
  return {
    companies: companiesInScope,
    licensed_devices: num(row.licensed),
    total_size: totalSize,
    used_size: used,
    available_size: Math.max(0, totalSize - used),
    content_size: parts.content,
    upload_size: parts.upload,
    font_size: parts.font,
    sticker_size: parts.sticker,
  };
}
