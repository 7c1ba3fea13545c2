import type {
  ListResult,
  PresetFields,
  PresetItem,
  PresetProperties,
  ProgramRef,
  presetListQuerySchema,
} from '@vitrine/contract';
import { ResultCode } from '@vitrine/contract';
import { and, eq, getTableColumns, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  compositions,
  deviceModels,
  playlists,
  presetApplications,
  presets,
  type StoredPresetProperties,
  users,
  workspaces,
} from '../../db/schema';
import { lockedInScope } from '../../platform/bulk-delete';
import { AppError, notFound } from '../../platform/errors';
import { keywordFilter, listPage, orderOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import type { Uses } from '../../platform/uses';
import { activeWorkspace } from '../content';
import { assertDefaultProgram, newLock } from '../device';
import { assertModel } from '../device-model';

// Presets (/manager/preset, the /device/preset-setting page): named sets of device properties kept
// per workspace like content, found through the caller's tenant scope (another tenant's id answers
// 404001); new ones go to the active workspace.

/** Presets the caller may see. */
export const visiblePresets = (scope: TenantScope): SQL | undefined =>
  scope.rowFilter({ companyId: presets.companyId, workspaceId: presets.workspaceId });

const programName = sql<string | null>`case ${presets.properties}->'default_program'->>'kind'
  when 'playlist' then (select ${playlists.name} from ${playlists} where ${playlists.id} = (${presets.properties}->'default_program'->>'id')::int)
  when 'composition' then (select ${compositions.name} from ${compositions} where ${compositions.id} = (${presets.properties}->'default_program'->>'id')::int)
  end`;

const lastApplied = sql<Date | null>`(select ${max(presetApplications.createdAt)} from ${presetApplications}
  where ${presetApplications.presetId} = ${presets.id})`.mapWith((value) => (value ? new Date(value) : null));

const rowColumns = {
  ...getTableColumns(presets),
  groupName: workspaces.name,
  modelName: deviceModels.name,
  creatorName: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
  programName,
  lastApplied,
};

type Row = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Db) {
  return db
    .select(rowColumns)
    .from(presets)
    .innerJoin(workspaces, eq(workspaces.id, presets.workspaceId))
    .leftJoin(deviceModels, eq(deviceModels.id, presets.modelId))
    .leftJoin(users, eq(users.id, presets.creatorId));
}

function presentProperties(stored: StoredPresetProperties, programName: string | null): PresetProperties {
  return {
    brightness: stored.brightness ?? null,
    sound: stored.sound ?? null,
    orientation: stored.orientation ?? null,
    timezone: stored.timezone ?? null,
    screenshot_interval: stored.screenshot_interval ?? null,
    timers: stored.timers ?? null,
    default_program: stored.default_program ? { ...stored.default_program, name: programName ?? '' } : null,
    lock: stored.lock ? { locked: stored.lock.locked } : null,
  };
}

const present = (row: Row): PresetItem => ({
  id: row.id,
  name: row.name,
  group_id: row.workspaceId,
  group_name: row.groupName,
  model_id: row.modelId,
  model_name: row.modelName,
  auto_apply: row.autoApply,
  properties: presentProperties(row.properties, row.programName),
  creator_name: row.creatorName,
  last_applied_at: row.lastApplied?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const SORT = { name: presets.name, created_at: presets.createdAt, updated_at: presets.updatedAt };

/** GET preset: the presets in scope, keyword over the name. */
export async function presetList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof presetListQuerySchema>,
): Promise<ListResult<PresetItem>> {
  const where = and(visiblePresets(scope), keywordFilter(query.keyword, presets.name));
  const { rows, total } = await listPage(
    db,
    {
      rows: selectRows(db).$dynamic(),
      table: presets,
      where,
      order: orderOf(query.sort, SORT, 'created_at,desc', presets.id),
    },
    query,
  );
  return { list: rows.map(present), total };
}

/** GET preset/:id. */
export async function presetItem(db: Db, scope: TenantScope, id: number): Promise<PresetItem> {
  const [row] = await selectRows(db)
    .where(and(eq(presets.id, id), visiblePresets(scope)))
    .limit(1);
  if (!row) throw notFound();
  return present(row);
}

type Home = { companyId: number; workspaceId: number };

/**
 * The properties to store: the model exists, the default content may be the workspace's screens'
 * (404001, 400001), a locked lock has a PIN (a new one, or the one the preset keeps).
 */
async function storedFields(
  tx: Db,
  scope: TenantScope,
  home: Home,
  fields: PresetFields,
  kept: StoredPresetProperties['lock'] | undefined,
) {
  if (fields.model_id != null) await assertModel(tx, fields.model_id);
  const {
    brightness,
    sound,
    orientation,
    timezone,
    timers,
    default_program: program,
    lock,
  } = fields.properties;
  const interval = fields.properties.screenshot_interval;
  if (program) await assertDefaultProgram(tx, scope, home.companyId, home.workspaceId, program);
  const properties: StoredPresetProperties = {};
  if (brightness != null) properties.brightness = brightness;
  if (sound != null) properties.sound = { mute: sound.mute, volume: sound.volume ?? null };
  if (orientation != null) properties.orientation = orientation;
  if (timezone != null) properties.timezone = timezone;
  if (interval != null) properties.screenshot_interval = interval;
  if (timers != null) properties.timers = { enabled: timers.enabled, timers: timers.timers };
  if (program != null) properties.default_program = { kind: program.kind, id: program.id };
  if (lock != null) {
    if (!lock.locked) properties.lock = { locked: false };
    else if (lock.pin) properties.lock = { locked: true, ...newLock(lock.pin) };
    else if (kept?.locked) properties.lock = kept;
    else throw new AppError(ResultCode.validation, 'validation.pin.required');
  }
  return {
    name: fields.name,
    modelId: fields.model_id ?? null,
    autoApply: fields.auto_apply ?? false,
    properties,
  };
}

/** POST preset: a new preset in the active workspace. */
export async function createPreset(
  app: FastifyInstance,
  scope: TenantScope,
  fields: PresetFields,
): Promise<PresetItem> {
  const id = await app.db.transaction(async (tx) => {
    const workspace = await activeWorkspace(tx, scope);
    const home = { companyId: workspace.companyId, workspaceId: workspace.id };
    const [row] = await tx
      .insert(presets)
      .values({
        ...home,
        creatorId: scope.user.userId,
        ...(await storedFields(tx, scope, home, fields, undefined)),
      })
      .returning({ id: presets.id });
    return row.id;
  });
  return presetItem(app.db, scope, id);
}

/** PUT preset/:id: every field anew (a locked lock without a PIN keeps the preset's). */
export async function editPreset(
  app: FastifyInstance,
  scope: TenantScope,
  id: number,
  fields: PresetFields,
): Promise<PresetItem> {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        companyId: presets.companyId,
        workspaceId: presets.workspaceId,
        properties: presets.properties,
      })
      .from(presets)
      .where(and(eq(presets.id, id), visiblePresets(scope)))
      .for('update');
    if (!row) throw notFound();
    const stored = await storedFields(tx, scope, row, fields, row.properties.lock);
    await tx
      .update(presets)
      .set({ ...stored, updatedAt: new Date() })
      .where(eq(presets.id, id));
  });
  return presetItem(app.db, scope, id);
}

/** DELETE preset: every one of these ids in scope (404001 otherwise, and nothing goes); their history goes with them. */
export async function deletePresets(app: FastifyInstance, scope: TenantScope, ids: readonly number[]) {
  await app.db.transaction(async (tx) => {
    const rows = await lockedInScope(
      tx,
      { table: presets, id: presets.id, visible: visiblePresets(scope) },
      ids,
    );
    await tx.delete(presets).where(
      inArray(
        presets.id,
        rows.map((row) => row.id),
      ),
    );
  });
  return null;
}

/** A preset's default content counts as a use of its playlist or composition: deleting it asks, detaching takes it out of the preset. */
export const presetUses = (kind: ProgramRef['kind']): Uses => {
  const defaulting = (ids: readonly number[]) =>
    and(
      sql`${presets.properties}->'default_program'->>'kind' = ${kind}`,
      inArray(sql`(${presets.properties}->'default_program'->>'id')::int`, [...ids]),
    );
  return {
    find: (tx, ids) =>
      tx
        .select({ id: presets.id, name: presets.name })
        .from(presets)
        .where(defaulting(ids))
        .orderBy(presets.id),
    detach: async (tx, ids) => {
      await tx
        .update(presets)
        .set({ properties: sql`${presets.properties} - 'default_program'`, updatedAt: new Date() })
        .where(defaulting(ids));
    },
  };
};
