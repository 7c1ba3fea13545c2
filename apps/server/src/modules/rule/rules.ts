import type {
  ListResult,
  ManifestRule,
  ManifestRuleAction,
  RuleAction,
  RuleFields,
  RuleItem,
  RuleItemAction,
  RuleItemTrigger,
  ruleListQuerySchema,
} from '@vitrine/contract';
import { ResultCode } from '@vitrine/contract';
import { and, asc, eq, getTableColumns, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  compositions,
  devices,
  playlists,
  ruleDevices,
  ruleFirings,
  rules,
  type StoredRuleTrigger,
  sensors,
  users,
  workspaces,
} from '../../db/schema';
import { lockedInScope } from '../../platform/bulk-delete';
import { AppError, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import { publishManifestChanged } from '../../platform/screen-changes';
import type { TenantScope } from '../../platform/tenancy';
import { activeWorkspace } from '../content';
import { assertDefaultProgram, visibleDevices } from '../device';
import { assertSensorsInScope } from '../sensor';
import { visibleUsers } from '../team';

// Control rules (/manager/rule, the /device/rule page, docs/rules.md): kept per workspace like
// presets and found through the caller's tenant scope (another tenant's id answers 404001); new
// ones go to the active workspace. Every id a rule names (sensor, screens, users, content) is
// checked in the caller's scope and the rule's company; its screens are of its workspace.

/** Rules the caller may see. */
export const visibleRules = (scope: TenantScope): SQL | undefined =>
  scope.rowFilter({ companyId: rules.companyId, workspaceId: rules.workspaceId });

const lastFired = sql<Date | null>`(select ${max(ruleFirings.firedAt)} from ${ruleFirings}
  where ${ruleFirings.ruleId} = ${rules.id})`.mapWith((value) => (value ? new Date(value) : null));

const rowColumns = {
  ...getTableColumns(rules),
  groupName: workspaces.name,
  creatorName: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
  lastFired,
};

type Row = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Db) {
  return db
    .select(rowColumns)
    .from(rules)
    .innerJoin(workspaces, eq(workspaces.id, rules.workspaceId))
    .leftJoin(users, eq(users.id, rules.creatorId));
}

type Named = { id: number; name: string };

/** What the rows name besides themselves (screens the caller sees, users, content), read at once. */
async function namesOf(db: Db, scope: TenantScope, rows: readonly Row[]) {
  const ids = rows.map((row) => row.id);
  const actions = rows.flatMap((row) => row.actions);
  const userIds = actions.flatMap((action) => (action.action === 'mail' ? action.user_ids : []));
  const sensorIds = rows.flatMap((row) => (row.trigger.kind === 'sensor' ? row.trigger.sensor_ids : []));
  const programIds = (kind: 'playlist' | 'composition') =>
    actions.flatMap((action) =>
      action.action === 'switch-content' && action.program.kind === kind ? [action.program.id] : [],
    );
  const [screens, tags, people, lists, layouts] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            ruleId: ruleDevices.ruleId,
            id: devices.id,
            name: devices.name,
            signageId: devices.signageId,
          })
          .from(ruleDevices)
          .innerJoin(devices, eq(devices.id, ruleDevices.deviceId))
          .where(and(inArray(ruleDevices.ruleId, ids), visibleDevices(scope)))
          .orderBy(asc(devices.name), asc(devices.id)),
    sensorIds.length === 0
      ? []
      : db
          .select({
            id: sensors.id,
            name: sensors.name,
            sensor_id: sensors.sensorId,
            companyId: sensors.companyId,
          })
          .from(sensors)
          .where(inArray(sensors.id, sensorIds))
          .orderBy(asc(sensors.name), asc(sensors.id)),
    userIds.length === 0
      ? []
      : db
          .select({
            id: users.id,
            name: sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username})`,
          })
          .from(users)
          .where(inArray(users.id, userIds)),
    programIds('playlist').length === 0
      ? []
      : db
          .select({ id: playlists.id, name: playlists.name })
          .from(playlists)
          .where(inArray(playlists.id, programIds('playlist'))),
    programIds('composition').length === 0
      ? []
      : db
          .select({ id: compositions.id, name: compositions.name })
          .from(compositions)
          .where(inArray(compositions.id, programIds('composition'))),
  ]);
  const byId = (list: readonly Named[]) => new Map(list.map((one) => [one.id, one.name]));
  return {
    screens,
    tags,
    users: byId(people),
    programs: { playlist: byId(lists), composition: byId(layouts) },
  };
}

function presentTrigger(row: Row, names: Names): RuleItemTrigger {
  const trigger = row.trigger;
  if (trigger.kind !== 'sensor') return trigger;
  const sensors = names.tags
    .filter((tag) => tag.companyId === row.companyId && trigger.sensor_ids.includes(tag.id))
    .map(({ id, name, sensor_id }) => ({ id, name, sensor_id }));
  return { kind: 'sensor', sensors };
}

type Names = Awaited<ReturnType<typeof namesOf>>;

function presentAction(action: RuleAction, names: Names): RuleItemAction {
  switch (action.action) {
    case 'switch-content':
      return {
        action: action.action,
        program: {
          ...action.program,
          name: names.programs[action.program.kind].get(action.program.id) ?? '',
        },
      };
    case 'mail':
      return {
        action: action.action,
        users: action.user_ids.flatMap((id) => {
          const name = names.users.get(id);
          return name === undefined ? [] : [{ id, name }];
        }),
      };
    default:
      return action;
  }
}

async function present(db: Db, scope: TenantScope, rows: readonly Row[]): Promise<RuleItem[]> {
  const names = await namesOf(db, scope, rows);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    group_id: row.workspaceId,
    group_name: row.groupName,
    trigger: presentTrigger(row, names),
    actions: row.actions.map((action) => presentAction(action, names)),
    devices: names.screens
      .filter((screen) => screen.ruleId === row.id)
      .map((screen) => ({
        id: screen.id,
        name: screen.name ?? screen.signageId,
        signage_id: screen.signageId,
      })),
    creator_name: row.creatorName,
    last_fired_at: row.lastFired?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

const SORT = { name: rules.name, created_at: rules.createdAt, updated_at: rules.updatedAt };

/** GET rule: the rules in scope, keyword over the name. */
export async function ruleList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof ruleListQuerySchema>,
): Promise<ListResult<RuleItem>> {
  const where = and(visibleRules(scope), keywordFilter(query.keyword, rules.name));
  const page = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...orderOf(query.sort, SORT, 'created_at,desc', rules.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(rules)
      .where(where),
  ]);
  return { list: await present(db, scope, rows), total };
}

/** GET rule/:id. */
export async function ruleItem(db: Db, scope: TenantScope, id: number): Promise<RuleItem> {
  const rows = await selectRows(db)
    .where(and(eq(rules.id, id), visibleRules(scope)))
    .limit(1);
  if (rows.length === 0) throw notFound();
  const [item] = await present(db, scope, rows);
  return item;
}

type Home = { companyId: number; workspaceId: number };

/** The claimed screens of the rule's workspace among these ids, in the caller's scope: 404001 unless all are. */
async function screensOf(tx: Db, scope: TenantScope, home: Home, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        inArray(devices.id, unique),
        visibleDevices(scope),
        eq(devices.companyId, home.companyId),
        eq(devices.workspaceId, home.workspaceId),
      ),
    )
    .for('key share');
  if (found.length !== unique.length) throw new AppError(ResultCode.notFound, 'rule.devices');
  return unique;
}

/** The users a mail goes to: active or not, of the rule's company and the caller's scope (404001 otherwise). */
async function assertUsers(tx: Db, scope: TenantScope, home: Home, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), visibleUsers(scope), eq(users.companyId, home.companyId)));
  if (found.length !== unique.length) throw new AppError(ResultCode.notFound, 'rule.users');
}

/** What to store of a request, every id it names checked (404001). */
async function storedFields(tx: Db, scope: TenantScope, home: Home, fields: RuleFields) {
  const { trigger } = fields;
  let stored: StoredRuleTrigger;
  if (trigger.kind === 'sensor') {
    await assertSensorsInScope(tx, scope, home.companyId, trigger.sensor_ids);
    stored = { kind: 'sensor', sensor_ids: [...new Set(trigger.sensor_ids)].sort((a, b) => a - b) };
  } else if (trigger.kind === 'time') {
    stored = {
      kind: 'time',
      recurrence: trigger.recurrence,
      days: trigger.recurrence === 'days' ? [...new Set(trigger.days ?? [])].sort() : [],
      at: trigger.at,
    };
  } else stored = trigger;
  for (const action of fields.actions) {
    if (action.action === 'switch-content') {
      await assertDefaultProgram(tx, scope, home.companyId, home.workspaceId, action.program);
    }
    if (action.action === 'mail') await assertUsers(tx, scope, home, action.user_ids);
  }
  const actions = fields.actions.map(
    (action): RuleAction =>
      action.action === 'mail' ? { action: 'mail', user_ids: [...new Set(action.user_ids)] } : action,
  );
  const screens = await screensOf(tx, scope, home, fields.device_ids);
  return {
    row: { name: fields.name, enabled: fields.enabled ?? true, trigger: stored, actions },
    screens,
  };
}

/** The screens a rule acts on now. */
async function screensOfRule(tx: Db, ruleId: number) {
  const rows = await tx
    .select({ id: ruleDevices.deviceId })
    .from(ruleDevices)
    .where(eq(ruleDevices.ruleId, ruleId));
  return rows.map((row) => row.id);
}

async function linkScreens(tx: Db, ruleId: number, screens: readonly number[]) {
  await tx.delete(ruleDevices).where(eq(ruleDevices.ruleId, ruleId));
  await tx.insert(ruleDevices).values(screens.map((deviceId) => ({ ruleId, deviceId })));
}

/** POST rule: a new rule in the active workspace; its screens' manifests carry it. */
export async function createRule(app: FastifyInstance, scope: TenantScope, fields: RuleFields) {
  const id = await app.db.transaction(async (tx) => {
    const workspace = await activeWorkspace(tx, scope);
    const home = { companyId: workspace.companyId, workspaceId: workspace.id };
    const { row, screens } = await storedFields(tx, scope, home, fields);
    const [inserted] = await tx
      .insert(rules)
      .values({ ...home, creatorId: scope.user.userId, ...row })
      .returning({ id: rules.id });
    await linkScreens(tx, inserted.id, screens);
    await publishManifestChanged(tx, screens);
    return inserted.id;
  });
  return ruleItem(app.db, scope, id);
}

/** The rule, locked, in the caller's scope (404001). */
async function lockedRule(tx: Db, scope: TenantScope, id: number) {
  const [row] = await lockedInScope(
    tx,
    {
      table: rules,
      id: rules.id,
      visible: visibleRules(scope),
      fields: { companyId: rules.companyId, workspaceId: rules.workspaceId },
    },
    [id],
  );
  return row;
}

/** PUT rule/:id: every field anew. */
export async function editRule(app: FastifyInstance, scope: TenantScope, id: number, fields: RuleFields) {
  await app.db.transaction(async (tx) => {
    const home = await lockedRule(tx, scope, id);
    const { row, screens } = await storedFields(tx, scope, home, fields);
    const before = await screensOfRule(tx, id);
    await tx
      .update(rules)
      .set({ ...row, updatedAt: new Date() })
      .where(eq(rules.id, id));
    await linkScreens(tx, id, screens);
    await publishManifestChanged(tx, [...before, ...screens]);
  });
  return ruleItem(app.db, scope, id);
}

/** PUT rule/:id/enabled: on or off (a disabled rule leaves its screens' manifests). */
export async function enableRule(app: FastifyInstance, scope: TenantScope, id: number, enabled: boolean) {
  await app.db.transaction(async (tx) => {
    await lockedRule(tx, scope, id);
    await tx.update(rules).set({ enabled, updatedAt: new Date() }).where(eq(rules.id, id));
    await publishManifestChanged(tx, await screensOfRule(tx, id));
  });
  return ruleItem(app.db, scope, id);
}

/** DELETE rule: every one of these ids in scope (404001 otherwise, and nothing goes); their history goes with them. */
export async function deleteRules(app: FastifyInstance, scope: TenantScope, ids: readonly number[]) {
  await app.db.transaction(async (tx) => {
    const rows = await lockedInScope(tx, { table: rules, id: rules.id, visible: visibleRules(scope) }, ids);
    const found = rows.map((row) => row.id);
    const screens = await tx
      .select({ id: ruleDevices.deviceId })
      .from(ruleDevices)
      .where(inArray(ruleDevices.ruleId, found));
    await publishManifestChanged(
      tx,
      screens.map((screen) => screen.id),
    );
    await tx.delete(rules).where(inArray(rules.id, found));
  });
  return null;
}

/** What a screen does itself of a rule's actions (docs/rules.md). */
export function screenActions(actions: readonly RuleAction[]): ManifestRuleAction[] {
  return actions.flatMap((action): ManifestRuleAction[] => {
    switch (action.action) {
      case 'power-on':
      case 'power-off':
      case 'restart':
        return [{ action: action.action }];
      case 'brightness':
      case 'volume':
        return [{ action: action.action, value: action.value }];
      default:
        return [];
    }
  });
}

/**
 * The enabled time and sensor rules of these screens, for their manifests: only rules of the
 * screen's own company, a sensor trigger by its sensors' IDs (of that company; a rule whose
 * sensors all went is left out).
 */
export async function screenRulesByDevice(db: Db, deviceIds: readonly number[]) {
  const byDevice = new Map<number, ManifestRule[]>();
  if (deviceIds.length === 0) return byDevice;
  const rows = await db
    .select({
      deviceId: ruleDevices.deviceId,
      id: rules.id,
      companyId: rules.companyId,
      trigger: rules.trigger,
      actions: rules.actions,
    })
    .from(ruleDevices)
    .innerJoin(rules, eq(rules.id, ruleDevices.ruleId))
    .innerJoin(devices, and(eq(devices.id, ruleDevices.deviceId), eq(devices.companyId, rules.companyId)))
    .where(
      and(
        inArray(ruleDevices.deviceId, [...deviceIds]),
        eq(rules.enabled, true),
        sql`${rules.trigger}->>'kind' in ('time', 'sensor')`,
      ),
    )
    .orderBy(asc(rules.id));
  const sensorIds = rows.flatMap((row) => (row.trigger.kind === 'sensor' ? row.trigger.sensor_ids : []));
  const tags =
    sensorIds.length === 0
      ? []
      : await db
          .select({ id: sensors.id, companyId: sensors.companyId, tag: sensors.sensorId })
          .from(sensors)
          .where(inArray(sensors.id, [...new Set(sensorIds)]))
          .orderBy(asc(sensors.sensorId));
  for (const row of rows) {
    const trigger = row.trigger;
    let rule: ManifestRule;
    if (trigger.kind === 'time') rule = { id: row.id, trigger, actions: screenActions(row.actions) };
    else if (trigger.kind === 'sensor') {
      const ids = tags
        .filter((one) => one.companyId === row.companyId && trigger.sensor_ids.includes(one.id))
        .map((one) => one.tag);
      if (ids.length === 0) continue;
      rule = {
        id: row.id,
        trigger: { kind: 'sensor', sensor_ids: ids },
        actions: screenActions(row.actions),
      };
    } else continue;
    byDevice.set(row.deviceId, [...(byDevice.get(row.deviceId) ?? []), rule]);
  }
  return byDevice;
}
