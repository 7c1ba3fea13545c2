import {
  type CappedListResult,
  type DeviceAddRequest,
  type DeviceAddResult,
  type DeviceEditRequest,
  type DeviceItem,
  type DeviceList,
  DeviceStatus,
  type deviceListQuerySchema,
  ResultCode,
  type TeamDeviceItem,
} from '@vitrine/contract';
import { and, eq, getTableColumns, inArray, isNotNull, ne, not, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { deviceModels, devices, scheduleDevices, workspaces } from '../../db/schema';
import { publishDevicesChanged } from '../../platform/bus';
import { AppError, notFound } from '../../platform/errors';
import { licenceExpired, selectWithLicence } from '../../platform/licence-state';
import { cappedTotal, keywordFilter, orderOf, pageOf } from '../../platform/lists';
import { publishManifestChanged, queueEmptyCheck } from '../../platform/screen-changes';
import type { TenantScope } from '../../platform/tenancy';
import { assertModel } from '../device-model';
import { usableWorkspace } from '../team';
import { setDefaultProgram } from './defaults';
import { type DeviceRow, presentDevice, presentTeamDevice } from './presenter';

// The console's device calls (ARCHITECTURE §5, §7): claim a screen with its signage ID and PIN,
// list, show, rename, move between workspaces and delete. Only claimed devices in the caller's
// scope are ever seen; anything else answers 404001.

const rowColumns = { ...getTableColumns(devices), groupName: workspaces.name, modelName: deviceModels.name };

/** Claimed devices the caller may see. */
export const visible = (scope: TenantScope): SQL | undefined =>
  and(
    isNotNull(devices.companyId),
    scope.rowFilter({ companyId: devices.companyId, workspaceId: devices.workspaceId }),
  );

/** Devices with their workspace's and model's names and their licence, in one query. */
function selectRows(db: Db) {
  return selectWithLicence(db, rowColumns)
    .leftJoin(workspaces, eq(workspaces.id, devices.workspaceId))
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId));
}

const SORT = {
  device_name: devices.name,
  signage_id: devices.signageId,
  status: devices.status,
  last_seen_at: devices.lastSeenAt,
  created_at: devices.createdAt,
};

/** Devices matching conditions (the caller's scope among them), one page. */
export async function listDevices(
  db: Db,
  conditions: (SQL | undefined)[],
  query: { page: number; page_size: number; sort?: string; keyword?: string },
): Promise<CappedListResult<DeviceRow>> {
  const where = and(
    ...conditions,
    keywordFilter(query.keyword, devices.name, devices.signageId, devices.mac),
  );
  const [rows, counted] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'created_at,desc', devices.id))
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    cappedTotal(db, devices, where),
  ]);
  return { list: rows, ...counted };
}

/**
 * Status 5 (expired) is the licence's, computed at read; any other status is the stored one of a
 * device whose licence has not expired, as the list shows it.
 */
const statusFilter = (status: number | undefined): SQL | undefined => {
  if (status === undefined) return undefined;
  if (status === DeviceStatus.expired) return licenceExpired();
  return and(eq(devices.status, status), not(licenceExpired()));
};

/** GET device: keyword over name, signage ID and MAC; status, workspace and online filters. */
export async function deviceList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof deviceListQuerySchema>,
): Promise<DeviceList> {
  const online =
    query.online === undefined
      ? undefined
      : query.online === 1
        ? eq(devices.status, DeviceStatus.online)
        : ne(devices.status, DeviceStatus.online);
  const { list, ...counted } = await listDevices(
    db,
    [
      visible(scope),
      statusFilter(query.status),
      query.group_id === undefined ? undefined : eq(devices.workspaceId, query.group_id),
      online,
    ],
    query,
  );
  return { list: list.map(presentDevice), ...counted };
}

async function visibleRow(db: Db, scope: TenantScope, id: number): Promise<DeviceRow> {
  const [row] = await selectRows(db)
    .where(and(eq(devices.id, id), visible(scope)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function deviceDetail(db: Db, scope: TenantScope, id: number): Promise<DeviceItem> {
  return presentDevice(await visibleRow(db, scope, id));
}

/** Every one of these ids the caller may see, locked for the write; 404001 if any is not. */
export async function visibleIds(tx: Db, scope: TenantScope, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({
      id: devices.id,
      companyId: devices.companyId,
      name: devices.name,
      signageId: devices.signageId,
      systemVersion: devices.systemVersion,
    })
    .from(devices)
    .where(and(inArray(devices.id, unique), visible(scope)))
    .for('update');
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

export const announce = (tx: Db, ids: readonly number[]) => publishDevicesChanged(tx, ids);

/**
 * POST device: claims the unpaired screen showing this signage ID and PIN. An unknown ID, a wrong
 * or expired PIN answer the same, so guessing learns nothing; a claimed screen answers 409001.
 */
export async function addDevice(
  app: FastifyInstance,
  scope: TenantScope,
  input: DeviceAddRequest,
): Promise<DeviceAddResult> {
  const { id, outcome } = await app.db.transaction(async (tx) => {
    const workspace = await usableWorkspace(tx, scope, input.group_id);
    const [row] = await tx
      .select()
      .from(devices)
      .where(eq(devices.signageId, input.signage_id))
      .for('update');
    const now = new Date();
    const pinHolds = row?.pin === input.authentication && row.pinExpiresAt !== null && row.pinExpiresAt > now;
    if (!row || (row.companyId === null && !pinHolds)) {
      throw new AppError(ResultCode.validation, 'device.pairFailed');
    }
    if (row.companyId !== null) throw new AppError(ResultCode.inUse, 'device.inUse');
    await tx
      .update(devices)
      .set({
        companyId: workspace.companyId,
        workspaceId: workspace.id,
        name: input.device_name,
        status: app.deviceHub.isConnected(row.id) ? DeviceStatus.online : DeviceStatus.offline,
        pin: null,
        pinExpiresAt: null,
        claimedAt: now,
        updatedAt: now,
      })
      .where(eq(devices.id, row.id));
    const outcome = await app.deviceClaims.run(tx, {
      deviceId: row.id,
      companyId: workspace.companyId,
      actorId: scope.user.userId,
    });
    await announce(tx, [row.id]);
    return { id: row.id, outcome };
  });
  return { ...(await deviceDetail(app.db, scope, id)), ...outcome };
}

/** PUT device/{device_id}: name, description and (when given) the default program. */
export async function editDevice(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  input: DeviceEditRequest,
): Promise<DeviceItem> {
  await app.db.transaction(async (tx) => {
    await visibleIds(tx, scope, [id]);
    await tx
      .update(devices)
      .set({
        name: input.device_name,
        ...(input.description === undefined ? {} : { description: input.description }),
        updatedAt: new Date(),
      })
      .where(eq(devices.id, id));
    if (input.default_program !== undefined) await setDefaultProgram(tx, scope, id, input.default_program);
    await announce(tx, [id]);
  });
  return deviceDetail(app.db, scope, id);
}

/** DELETE device: unpairs; the rows go, and a connected player hears 'unpaired'. */
export async function deleteDevices(app: FastifyInstance, scope: TenantScope, ids: readonly number[]) {
  await app.db.transaction(async (tx) => {
    const rows = await visibleIds(tx, scope, ids);
    // Spec 001 §4: a device in a video wall goes only after its wall.
    await app.deviceHolds.assertFree(
      tx,
      rows.map((row) => row.id),
      'delete',
      nameIn(rows),
    );
    await tx.delete(devices).where(
      inArray(
        devices.id,
        rows.map((row) => row.id),
      ),
    );
    await announce(
      tx,
      rows.map((row) => row.id),
    );
  });
  return null;
}

/** A device's name for a message: its own, else its signage ID. */
const nameIn =
  (rows: readonly { id: number; name: string | null; signageId: string }[]) =>
  (id: number): string => {
    const row = rows.find((candidate) => candidate.id === id);
    return row?.name || row?.signageId || String(id);
  };

/**
 * These devices leave every schedule they are on (moved to another workspace, spec 001 §4): their
 * rows go, and those that were on any fetch their manifest again.
 */
async function leaveSchedules(tx: Db, deviceIds: readonly number[]): Promise<void> {
  if (deviceIds.length === 0) return;
  const left = await tx
    .delete(scheduleDevices)
    .where(inArray(scheduleDevices.deviceId, [...deviceIds]))
    .returning({ deviceId: scheduleDevices.deviceId });
  const ids = left.map((row) => row.deviceId);
  await publishManifestChanged(tx, ids);
  await queueEmptyCheck(tx, ids);
}

/** POST device/move: to another workspace the caller may use, in the devices' own company. */
export async function moveDevices(
  app: FastifyInstance,
  scope: TenantScope,
  ids: readonly number[],
  groupId: number,
) {
  await app.db.transaction(async (tx) => {
    const rows = await visibleIds(tx, scope, ids);
    const workspace = await usableWorkspace(tx, scope, groupId);
    if (rows.some((row) => row.companyId !== workspace.companyId)) throw notFound();
    const moved = rows.map((row) => row.id);
    // Spec 001 §4: a device moved to another workspace leaves its schedules.
    const leaving = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(inArray(devices.id, moved), ne(devices.workspaceId, workspace.id)));
    // Spec 001 §4: a device leaves for another workspace only once its video wall is deleted.
    await app.deviceHolds.assertFree(
      tx,
      leaving.map((row) => row.id),
      'move',
      nameIn(rows),
    );
    await tx
      .update(devices)
      .set({ workspaceId: workspace.id, updatedAt: new Date() })
      .where(inArray(devices.id, moved));
    await leaveSchedules(
      tx,
      leaving.map((row) => row.id),
    );
    await announce(tx, moved);
  });
  return null;
}

/**
 * POST device-model/assign: these devices are of this model (null: none) until they report another
 * name. Every id must be a claimed device in scope (404001, nothing changes), the model must exist.
 */
export async function assignModel(
  app: FastifyInstance,
  scope: TenantScope,
  ids: readonly number[],
  modelId: number | null,
) {
  await app.db.transaction(async (tx) => {
    if (modelId !== null) await assertModel(tx, modelId);
    await visibleIds(tx, scope, ids);
    await tx
      .update(devices)
      .set({ modelId, updatedAt: new Date() })
      .where(inArray(devices.id, [...new Set(ids)]));
  });
  return null;
}

/** The team area's device lists (a workspace's, a company's, a customer's), in the caller's scope. */
export async function teamDeviceList(
  db: Db,
  scope: TenantScope,
  condition: SQL,
  query: { page: number; page_size: number; sort?: string; keyword?: string },
): Promise<CappedListResult<TeamDeviceItem>> {
  const { list, ...counted } = await listDevices(db, [visible(scope), condition], query);
  return { list: list.map(presentTeamDevice), ...counted };
}

/** A workspace with claimed devices in it cannot be deleted (nor, with it, its company). */
export function registerDeviceBlocker(app: FastifyInstance) {
  app.workspaceBlockers.register('devices', 'device', async (tx, workspaceId) => {
    const [row] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.workspaceId, workspaceId))
      .limit(1);
    return row !== undefined;
  });
}
