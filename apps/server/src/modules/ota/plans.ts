import {
  type ListResult,
  OTA_DEVICE_STATES,
  type OtaDeviceState,
  type OtaPlanCounts,
  type OtaPlanDevice,
  type OtaPlanItem,
  type OtaPlanStatus,
  type OtaPlanTiming,
  type OtaPlanWorkspace,
  type OtaSkipReason,
  type otaPlanCreateRequestSchema,
  type otaPlanDeviceQuerySchema,
  type otaPlanListQuerySchema,
  type otaPlanWorkspaceQuerySchema,
  ResultCode,
} from '@vitrine/contract';
import { and, asc, count, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import coerce from 'semver/functions/coerce.js';
import gte from 'semver/functions/gte.js';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  companies,
  devices,
  type OtaPlanRow,
  otaPackageModels,
  otaPackages,
  otaPlanDevices,
  otaPlans,
  users,
  workspaces,
} from '../../db/schema';
import { publishDevicesChanged } from '../../platform/bus';
import { now as clockNow } from '../../platform/clock';
import { AppError, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import { OTA_OPEN_STATES } from '../../platform/ota-offer';
import type { TenantScope } from '../../platform/tenancy';
import { assertModel } from '../device-model';
import { exemptionsOf } from './exemptions';
import { finishIfDone, offerDue } from './offers';
import { assertPlatform } from './platform-only';
import { presentReason } from './reasons';

// OTA plans (/manager/ota/plan, the /ota/plan page; docs/ota.md "Plans"): a package sent to the
// devices chosen by device, workspace (and those below it) or model, resolved at creation into one
// row per device. Incompatible devices are skipped then; the rest move by the player's reports
// (plan-player.ts). The platform's alone, as packages.

/** Rows per insert (nine parameters each: 45,000, below PostgreSQL's 65,535). */
const CHUNK = 5000;

const now = () => new Date();

/** The device already runs this version or a later one (an unreadable version is not). */
const upToDate = (systemVersion: string | null, version: string) => {
  const current = coerce(systemVersion ?? '', { includePrerelease: true });
  return current !== null && gte(current, version);
};

export type Resolved = { id: number; modelId: number | null; systemVersion: string | null };

/** Every id must exist (404001): claimed devices, workspaces, models. */
async function assertTargets(tx: Db, targets: z.output<typeof otaPlanCreateRequestSchema>['targets']) {
  const deviceIds = [...new Set(targets.device_ids)];
  const workspaceIds = [...new Set(targets.workspace_ids)];
  if (deviceIds.length > 0) {
    const [{ found }] = await tx
      .select({ found: count() })
      .from(devices)
      .where(and(inArray(devices.id, deviceIds), isNotNull(devices.companyId)));
    if (found !== deviceIds.length) throw notFound();
  }
  if (workspaceIds.length > 0) {
    const [{ found }] = await tx
      .select({ found: count() })
      .from(workspaces)
      .where(inArray(workspaces.id, workspaceIds));
    if (found !== workspaceIds.length) throw notFound();
  }
  for (const modelId of new Set(targets.model_ids)) await assertModel(tx, modelId);
}

/** The claimed devices the targets name: by id, in the workspaces or below them, of the models. */
async function resolveTargets(
  tx: Db,
  targets: z.output<typeof otaPlanCreateRequestSchema>['targets'],
): Promise<Resolved[]> {
  const workspaceIds = targets.workspace_ids;
  const conditions: SQL[] = [];
  if (targets.device_ids.length > 0) conditions.push(inArray(devices.id, targets.device_ids));
  if (targets.model_ids.length > 0) conditions.push(inArray(devices.modelId, targets.model_ids));
  if (workspaceIds.length > 0) {
    const roots = sql.join(
      workspaceIds.map((id) => sql`${id}::int`),
      sql`, `,
    );
    conditions.push(
      sql`${devices.workspaceId} in (with recursive reach(id) as (
        select id from workspaces where id in (${roots})
        union select w.id from workspaces w join reach on w.parent_id = reach.id)
      select id from reach)`,
    );
  }
  return tx
    .select({ id: devices.id, modelId: devices.modelId, systemVersion: devices.systemVersion })
    .from(devices)
    .where(and(isNotNull(devices.companyId), or(...conditions)))
    .orderBy(asc(devices.id));
}

const planSelect = (db: Db) =>
  db
    .select({
      row: otaPlans,
      version: otaPackages.version,
      createdBy: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
      companyName: companies.name,
    })
    .from(otaPlans)
    .innerJoin(otaPackages, eq(otaPackages.id, otaPlans.packageId))
    .leftJoin(users, eq(users.id, otaPlans.createdBy))
    .leftJoin(companies, eq(companies.id, otaPlans.companyId));

type Listed = { row: OtaPlanRow; version: string; createdBy: string | null; companyName: string | null };

const emptyCounts = (): OtaPlanCounts =>
  Object.fromEntries(OTA_DEVICE_STATES.map((state) => [state, 0])) as OtaPlanCounts;

async function present(db: Db, listed: readonly Listed[]): Promise<OtaPlanItem[]> {
  const ids = listed.map(({ row }) => row.id);
  const counted =
    ids.length === 0
      ? []
      : await db
          .select({ planId: otaPlanDevices.planId, state: otaPlanDevices.state, devices: count() })
          .from(otaPlanDevices)
          .where(inArray(otaPlanDevices.planId, ids))
          .groupBy(otaPlanDevices.planId, otaPlanDevices.state);
  const counts = new Map(ids.map((id) => [id, emptyCounts()]));
  for (const { planId, state, devices: n } of counted) {
    const of = counts.get(planId);
    if (of) of[state as OtaDeviceState] = n;
  }
  return listed.map(({ row, version, createdBy, companyName }) => {
    const byState = counts.get(row.id) ?? emptyCounts();
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      package: { id: row.packageId, version },
      mandatory: row.mandatory,
      timing: row.timing as OtaPlanTiming,
      at: row.at,
      window_start: row.windowStart,
      window_end: row.windowEnd,
      status: row.status as OtaPlanStatus,
      targets: {
        devices: row.targets.device_ids.length,
        workspaces: row.targets.workspace_ids.length,
        models: row.targets.model_ids.length,
      },
      total: Object.values(byState).reduce((sum, n) => sum + n, 0),
      counts: byState,
      created_by: createdBy,
      company_name: companyName,
      created_at: row.createdAt.toISOString(),
    };
  });
}

const PLAN_SORT = { name: otaPlans.name, created_at: otaPlans.createdAt };

/** GET ota/plan: newest first; keyword in name and description; by status. */
export async function planList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof otaPlanListQuerySchema>,
): Promise<ListResult<OtaPlanItem>> {
  assertPlatform(scope);
  const where = and(
    keywordFilter(query.keyword, otaPlans.name, otaPlans.description),
    query.status ? eq(otaPlans.status, query.status) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    planSelect(db)
      .where(where)
      .orderBy(...orderOf(query.sort, PLAN_SORT, 'created_at,desc', otaPlans.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db.select({ total: count() }).from(otaPlans).where(where),
  ]);
  return { list: await present(db, rows), total };
}

export async function planDetail(db: Db, scope: TenantScope, id: number): Promise<OtaPlanItem> {
  assertPlatform(scope);
  const rows = await planSelect(db).where(eq(otaPlans.id, id)).limit(1);
  if (rows.length === 0) throw notFound();
  const [item] = await present(db, rows);
  return item;
}

/** How many plan-device rows, joined to their devices, match `where`. */
export const countPlanDevices = (db: Db, where: SQL | undefined): Promise<number> =>
  db
    .select({ total: count() })
    .from(otaPlanDevices)
    .innerJoin(devices, eq(devices.id, otaPlanDevices.deviceId))
    .where(where)
    .then(([row]) => row.total);

/** GET ota/plan/:id/device: the plan's devices with their state, by state, paged. */
export async function planDevices(
  db: Db,
  scope: TenantScope,
  id: number,
  query: z.output<typeof otaPlanDeviceQuerySchema>,
): Promise<ListResult<OtaPlanDevice>> {
  const plan = await planDetail(db, scope, id);
  const where = and(
    eq(otaPlanDevices.planId, id),
    query.state ? eq(otaPlanDevices.state, query.state) : undefined,
    keywordFilter(query.keyword, devices.name, devices.signageId),
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        row: otaPlanDevices,
        name: devices.name,
        signageId: devices.signageId,
        systemVersion: devices.systemVersion,
        timezone: devices.timezone,
        companyName: companies.name,
        groupName: workspaces.name,
      })
      .from(otaPlanDevices)
      .innerJoin(devices, eq(devices.id, otaPlanDevices.deviceId))
      .leftJoin(companies, eq(companies.id, devices.companyId))
      .leftJoin(workspaces, eq(workspaces.id, devices.workspaceId))
      .where(where)
      .orderBy(...orderOf(query.sort, { device_name: devices.name }, 'device_name,asc', devices.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    countPlanDevices(db, where),
  ]);
  return {
    list: rows.map(({ row, ...device }) => ({
      device_id: row.deviceId,
      device_name: device.name ?? '',
      signage_id: device.signageId,
      company_name: device.companyName,
      group_name: device.groupName,
      system_version: device.systemVersion,
      timezone: device.timezone,
      state: row.state as OtaDeviceState,
      ...presentReason(row),
      mandatory: plan.mandatory || row.forced,
      updated_at: row.updatedAt.toISOString(),
    })),
    total,
  };
}

/** GET ota/plan/target/workspace: any company's workspaces by name, with the company, for targets. */
export async function planTargetWorkspaces(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof otaPlanWorkspaceQuerySchema>,
): Promise<ListResult<OtaPlanWorkspace>> {
  assertPlatform(scope);
  const where = keywordFilter(query.keyword, workspaces.name, companies.name);
  const [list, [{ total }]] = await Promise.all([
    db
      .select({ id: workspaces.id, name: workspaces.name, company_name: companies.name })
      .from(workspaces)
      .innerJoin(companies, eq(companies.id, workspaces.companyId))
      .where(where)
      .orderBy(...orderOf(query.sort, { name: workspaces.name }, 'name,asc', workspaces.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db
      .select({ total: count() })
      .from(workspaces)
      .innerJoin(companies, eq(companies.id, workspaces.companyId))
      .where(where),
  ]);
  return { list, total };
}

/** What a new plan says besides its package and devices. */
export type NewPlan = Pick<
  typeof otaPlans.$inferInsert,
  'name' | 'description' | 'mandatory' | 'timing' | 'at' | 'windowStart' | 'windowEnd' | 'targets'
> & { createdBy: number; companyId: number | null };

/**
 * Writes a plan of this package for these devices, in the caller's transaction: a device not of
 * the package's models, or already at its version or later, is skipped (final at once) unless it
 * is exempted from that validation; the rest wait, approved by the plan's creator now, each with
 * the version it runs. An instant plan's waiting rows are offered as they are written, their
 * devices told in events of 500 that leave at the caller's commit (no pass over them afterwards);
 * a timed plan's due devices are offered by the caller once committed (offerDue). Answers the
 * plan's id.
 */
export async function insertPlan(
  tx: Db,
  pkg: { id: number; version: string },
  targeted: readonly Resolved[],
  plan: NewPlan,
): Promise<number> {
  const models = new Set(
    (
      await tx
        .select({ modelId: otaPackageModels.modelId })
        .from(otaPackageModels)
        .where(eq(otaPackageModels.packageId, pkg.id))
    ).map((row) => row.modelId),
  );
  // An exempted device is not skipped for that validation (docs/ota.md "Validation exemptions").
  const exempted = await exemptionsOf(
    tx,
    targeted.map((device) => device.id),
  );
  const skipReason = (device: Resolved): OtaSkipReason | null => {
    const exempt = exempted.get(device.id);
    if (!exempt?.has('model') && (device.modelId === null || !models.has(device.modelId))) return 'model';
    return !exempt?.has('version') && upToDate(device.systemVersion, pkg.version) ? 'version' : null;
  };
  const at = now();
  const [{ id }] = await tx
    .insert(otaPlans)
    .values({ ...plan, packageId: pkg.id })
    .returning({ id: otaPlans.id });
  const instant = plan.timing === 'instant';
  const offered: number[] = [];
  const rows = targeted.map((device) => {
    const reason = skipReason(device);
    if (!reason && instant) offered.push(device.id);
    return {
      planId: id,
      deviceId: device.id,
      state: reason ? 'skipped' : 'waiting',
      reasonCode: reason,
      fromVersion: device.systemVersion,
      approvedBy: reason ? null : plan.createdBy,
      approvedAt: reason ? null : at,
      finishedAt: reason ? at : null,
      offeredAt: !reason && instant ? at : null,
    };
  });
  for (let start = 0; start < rows.length; start += CHUNK) {
    await tx.insert(otaPlanDevices).values(rows.slice(start, start + CHUNK));
  }
  await publishDevicesChanged(tx, offered);
  await finishIfDone(tx, id);
  return id;
}

/**
 * POST ota/plan: the package must exist (404001) and be an uploaded one (409005 'ota.planBuiltin');
 * every target id must exist (404001). The devices are resolved now, once: a device added later to
 * a workspace or model is not in the plan. A device not of the package's models, or already at its
 * version or later, is skipped, unless it is exempted from that validation. One transaction; an
 * instant plan's devices are told at its commit, a timed plan's due ones right after it.
 */
export async function createPlan(
  app: FastifyInstance,
  scope: TenantScope,
  body: z.output<typeof otaPlanCreateRequestSchema>,
): Promise<OtaPlanItem> {
  assertPlatform(scope);
  const timed = body.timing !== 'instant';
  const id = await app.db.transaction(async (tx) => {
    const [pkg] = await tx
      .select({ id: otaPackages.id, version: otaPackages.version, builtin: otaPackages.builtin })
      .from(otaPackages)
      .where(eq(otaPackages.id, body.package_id))
      .for('share');
    if (!pkg) throw notFound();
    if (pkg.builtin) throw new AppError(ResultCode.stateConflict, 'ota.planBuiltin');
    await assertTargets(tx, body.targets);
    const targeted = await resolveTargets(tx, body.targets);
    if (targeted.length === 0) throw new AppError(ResultCode.validation, 'ota.planEmpty');
    return insertPlan(tx, pkg, targeted, {
      name: body.name,
      description: body.description,
      mandatory: body.mandatory,
      timing: body.timing,
      at: body.timing === 'at' ? (body.at ?? null) : null,
      windowStart: timed && body.timing === 'window' ? (body.window_start ?? null) : null,
      windowEnd: timed && body.timing === 'window' ? (body.window_end ?? null) : null,
      targets: {
        device_ids: [...new Set(body.targets.device_ids)],
        workspace_ids: [...new Set(body.targets.workspace_ids)],
        model_ids: [...new Set(body.targets.model_ids)],
      },
      createdBy: scope.user.userId,
      companyId: null,
    });
  });
  if (timed) await offerDue(app.db, clockNow(), id);
  return planDetail(app.db, scope, id);
}

/** 409005 'ota.planStatus' unless the plan (locked) is in one of `from`. */
async function lockedPlan(tx: Db, id: number, from: readonly OtaPlanStatus[]) {
  const [plan] = await tx.select().from(otaPlans).where(eq(otaPlans.id, id)).for('update');
  if (!plan) throw notFound();
  if (!from.includes(plan.status as OtaPlanStatus)) {
    throw new AppError(ResultCode.stateConflict, 'ota.planStatus');
  }
  return plan;
}

/** Forgets the offer of the plan's open rows told of it, and pushes their states (the offer goes). */
async function withdrawOffers(tx: Db, id: number, set: Partial<typeof otaPlanDevices.$inferInsert> = {}) {
  const withdrawn = await tx
    .update(otaPlanDevices)
    .set({ offeredAt: null, ...set })
    .where(and(eq(otaPlanDevices.planId, id), inArray(otaPlanDevices.state, [...OTA_OPEN_STATES])))
    .returning({ deviceId: otaPlanDevices.deviceId });
  return withdrawn.map((row) => row.deviceId);
}

/** POST ota/plan/:id/pause: a running plan stops being offered; devices told of it are told it went. */
export async function pausePlan(app: FastifyInstance, scope: TenantScope, id: number) {
  assertPlatform(scope);
  await app.db.transaction(async (tx) => {
    await lockedPlan(tx, id, ['running']);
    await tx.update(otaPlans).set({ status: 'paused', updatedAt: now() }).where(eq(otaPlans.id, id));
    await publishDevicesChanged(tx, await withdrawOffers(tx, id));
  });
  return planDetail(app.db, scope, id);
}

/** POST ota/plan/:id/resume: a paused plan runs again; its due devices are told at once. */
export async function resumePlan(app: FastifyInstance, scope: TenantScope, id: number) {
  assertPlatform(scope);
  await app.db.transaction(async (tx) => {
    await lockedPlan(tx, id, ['paused']);
    await tx.update(otaPlans).set({ status: 'running', updatedAt: now() }).where(eq(otaPlans.id, id));
    await finishIfDone(tx, id);
  });
  await offerDue(app.db, clockNow(), id);
  return planDetail(app.db, scope, id);
}

/**
 * POST ota/plan/:id/cancel: installed devices stay installed; every device not in a final state
 * (waiting, downloading, installing) becomes cancelled and is told the offer went.
 */
export async function cancelPlan(app: FastifyInstance, scope: TenantScope, id: number) {
  assertPlatform(scope);
  await app.db.transaction(async (tx) => {
    await lockedPlan(tx, id, ['running', 'paused']);
    await tx.update(otaPlans).set({ status: 'cancelled', updatedAt: now() }).where(eq(otaPlans.id, id));
    await publishDevicesChanged(
      tx,
      await withdrawOffers(tx, id, { state: 'cancelled', finishedAt: now(), updatedAt: now() }),
    );
  });
  return planDetail(app.db, scope, id);
}

/** POST ota/plan/:id/retry: failed devices wait again; a finished plan runs again. Not a cancelled one. */
export async function retryPlan(app: FastifyInstance, scope: TenantScope, id: number) {
  assertPlatform(scope);
  await app.db.transaction(async (tx) => {
    const plan = await lockedPlan(tx, id, ['running', 'paused', 'finished']);
    const retried = await tx
      .update(otaPlanDevices)
      .set({
        state: 'waiting',
        reasonCode: null,
        reasonParams: null,
        reason: null,
        offeredAt: null,
        finishedAt: null,
        updatedAt: now(),
      })
      .where(and(eq(otaPlanDevices.planId, id), eq(otaPlanDevices.state, 'failed')))
      .returning({ deviceId: otaPlanDevices.deviceId });
    if (plan.status === 'finished' && retried.length > 0) {
      await tx.update(otaPlans).set({ status: 'running', updatedAt: now() }).where(eq(otaPlans.id, id));
    }
  });
  await offerDue(app.db, clockNow(), id);
  return planDetail(app.db, scope, id);
}

/**
 * "Install now" for these devices of the plan, in the caller's transaction: their open rows are
 * due at once and mandatory, approved by `userId` now (final rows stay as they are), and offered
 * again once the caller commits (offerDue).
 */
export async function forceRows(tx: Db, planId: number, deviceIds: readonly number[], userId: number) {
  const at = now();
  await tx
    .update(otaPlanDevices)
    .set({ forced: true, offeredAt: null, approvedBy: userId, approvedAt: at, updatedAt: at })
    .where(
      and(
        eq(otaPlanDevices.planId, planId),
        inArray(otaPlanDevices.deviceId, [...deviceIds]),
        inArray(otaPlanDevices.state, [...OTA_OPEN_STATES]),
      ),
    );
}

/**
 * POST ota/plan/:id/install-now: these devices of the plan (404001 if one is not in it) install
 * at once, whatever the plan's time and whether it is mandatory. Devices in a final state stay.
 */
export async function installNow(app: FastifyInstance, scope: TenantScope, id: number, deviceIds: number[]) {
  assertPlatform(scope);
  const unique = [...new Set(deviceIds)];
  await app.db.transaction(async (tx) => {
    await lockedPlan(tx, id, ['running', 'paused']);
    const rows = await tx
      .select({ deviceId: otaPlanDevices.deviceId })
      .from(otaPlanDevices)
      .where(and(eq(otaPlanDevices.planId, id), inArray(otaPlanDevices.deviceId, unique)))
      .for('update');
    if (rows.length !== unique.length) throw notFound();
    await forceRows(tx, id, unique, scope.user.userId);
  });
  await offerDue(app.db, clockNow(), id);
  return null;
}
