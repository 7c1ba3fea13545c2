import { createHash, randomUUID } from 'node:crypto';
import { AccountStatus, ContentType, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compositionTemplates,
  contentErrors,
  contentFolders,
  customDomains,
  deviceCommands,
  deviceModels,
  fonts,
  holidays,
  otaAppKeys,
  otaPackages,
  otaPlanDevices,
  otaPlans,
  playbacks,
  playlistItems,
  playlists,
  presets,
  ruleDevices,
  rules,
  scheduleAudits,
  scheduleDevices,
  scheduleItems,
  schedules,
  sensorDevices,
  sensors,
  statisticsExports,
  storedObjects,
  systemProperties,
  templateTypes,
  uploads,
  users,
  workspaces,
} from './db/schema';
import { packageKey } from './modules/ota/packages';
import type { BusEvent } from './platform/bus';
import { buildTestApp } from './test/app';
import { buildComposition, buildSticker, buildText } from './test/composition-factories';
import { buildContent } from './test/content-factories';
import { buildDevice, busSettled, registerPlayer } from './test/device-factories';
import { loggedIn } from './test/factories';
import { databaseFingerprint } from './test/fingerprint';
import { fieldsOf, jsonBodyOf, operationsOf, queryOf, spoil } from './test/openapi';
import {
  buildCategory,
  buildCustomer,
  buildMember,
  buildTenant,
  buildWorkspace,
  callAs,
} from './test/team-factories';
import { buildVideoWall, buildWallContent } from './test/video-wall-factories';

// The cross-tenant suite (ARCHITECTURE §6), generated from the route table: every route that
// takes an id is called with another tenant's ids, "the way an attacker would", by each role of
// company A (owner, user admin, user) and by a customer of another customer. Each call must be
// refused (404001, 403001 or 403002), say nothing about the row, and change nothing. Lists never
// show the other tenant's rows. A new route with an id nobody mapped fails the suite, so it is
// covered without anyone remembering.
//
//   customer CA ── company A ── root ─┬─ A1 (user admin, user)      customer CB ── company B
//                                     └─ A2 (a member; a sibling)                 └─ root ── B1

/** The kinds of rows an id can name. */
type Kind =
  | 'export'
  | 'customer'
  | 'company'
  | 'category'
  | 'user'
  | 'workspace'
  | 'role'
  | 'device'
  | 'command'
  | 'content'
  | 'website'
  | 'stream'
  | 'folder'
  | 'text'
  | 'font'
  | 'sticker'
  | 'composition'
  | 'compositionTemplate'
  | 'templateType'
  | 'playlist'
  | 'schedule'
  | 'holiday'
  | 'deviceModel'
  | 'domain'
  | 'property'
  | 'object'
  | 'licenseBatch'
  | 'licenseTransfer'
  | 'otaPackage'
  | 'otaPlan'
  | 'otaAppKey'
  | 'sensor'
  | 'preset'
  | 'rule'
  | 'videoWall'
  | 'videoWallContent';

/**
 * Path parameters that are not ids of rows: codes from mailed links, the SHA-256 of stored
 * bytes (GET /backend/media/:hash is public: the hash itself is the capability), and a mail
 * template's type and language (the templates are the platform's, the same for every tenant),
 * and the plan of a player's upgrade download, which a screen's token answers for, not a user's
 * (its test below).
 */
const NOT_IDS = new Set(['active_code', 'reset_code', 'unlock_code', 'hash', 'type', 'language', 'plan_id']);

/** What a path parameter names: by its name, or for id/group_id by the area of the path. */
function kindOf(url: string, param: string): Kind | null {
  const byName: Record<string, Kind> = {
    customer_id: 'customer',
    company_id: 'company',
    category_id: 'category',
    user_id: 'user',
    role_id: 'role',
    device_id: 'device',
    command_id: 'command',
    folder_id: 'folder',
  };
  if (byName[param]) return byName[param];
  if (param !== 'id' && param !== 'group_id') return null;
  if (url.startsWith('/backend/manager/account/group/category/ungroup/')) return 'user';
  if (url.startsWith('/backend/manager/account/group/')) return 'company';
  if (url.startsWith('/backend/manager/account/workspace/')) return 'workspace';
  if (url.startsWith('/backend/manager/resource/website/')) return 'website';
  if (url.startsWith('/backend/manager/resource/stream/')) return 'stream';
  if (url.startsWith('/backend/manager/resource/')) return 'content';
  if (url.startsWith('/backend/manager/text/')) return 'text';
  if (url.startsWith('/backend/manager/font/')) return 'font';
  if (url.startsWith('/backend/manager/sticker/')) return 'sticker';
  if (url.startsWith('/backend/manager/composition-template/')) return 'compositionTemplate';
  if (url.startsWith('/backend/manager/composition/')) return 'composition';
  if (url.startsWith('/backend/manager/template-type/')) return 'templateType';
  if (url.startsWith('/backend/manager/playlist/')) return 'playlist';
  if (url.startsWith('/backend/manager/statistics/export/')) return 'export';
  if (url.startsWith('/backend/manager/schedule/')) return 'schedule';
  if (url.startsWith('/backend/manager/holiday/')) return 'holiday';
  if (url.startsWith('/backend/manager/device-model/')) return 'deviceModel';
  if (url.startsWith('/backend/manager/sys/custom-domain/')) return 'domain';
  if (url.startsWith('/backend/manager/sys/system-property/')) return 'property';
  if (url.startsWith('/backend/manager/license/batch/')) return 'licenseBatch';
  if (url.startsWith('/backend/manager/license/transfer/')) return 'licenseTransfer';
  if (url.startsWith('/backend/manager/ota/package/')) return 'otaPackage';
  if (url.startsWith('/backend/manager/ota/plan/')) return 'otaPlan';
  if (url.startsWith('/backend/manager/ota/appkey/')) return 'otaAppKey';
  if (url.startsWith('/backend/manager/iot-device/')) return 'sensor';
  if (url.startsWith('/backend/manager/preset/')) return 'preset';
  if (url.startsWith('/backend/manager/rule/')) return 'rule';
  if (url.startsWith('/backend/manager/video-wall/')) return 'videoWall';
  if (url.startsWith('/backend/manager/video-wall-content/')) return 'videoWallContent';
  return null;
}

/** A caller and the workspace its own requests would name. */
type Caller = {
  name: string;
  call: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  home: number;
};

/** A composition, and a template's layout, any caller could save. */
const LAYOUT = {
  name: 'Taken over',
  width: 1920,
  height: 1080,
  zones: [{ kind: 'media', name: 'Z', x: 0, y: 0, width: 100, height: 100 }],
};

/** Bodies valid for the caller, so only the foreign id in the path can make a call fail. */
const BODIES: Record<string, (caller: Caller) => object> = {
  'PUT /backend/manager/account/customer/:customer_id': () => ({ customer_name: 'Taken over' }),
  'PUT /backend/manager/sys/custom-domain/:id': () => ({
    host: `taken-${randomUUID().slice(0, 8)}.example.com`,
  }),
  'PUT /backend/manager/sys/system-property/:id': () => ({
    name: 'support_email',
    value: 'taken@example.com',
  }),
  'PUT /backend/manager/account/group/:company_id': () => ({ company_name: 'Taken over', user_limit: 9999 }),
  'PUT /backend/manager/account/group/category/:category_id': () => ({ name: 'Taken over' }),
  'DELETE /backend/manager/account/group/category/:category_id': () => ({ delete_users: true }),
  'PUT /backend/manager/account/user/:user_id': (caller) => ({
    username: 'Taken over',
    role_id: Role.user,
    group_id: caller.home,
  }),
  'PUT /backend/manager/account/workspace/:id': (caller) => ({ name: 'Taken over', parent_id: caller.home }),
  'PUT /backend/manager/account/role/permission/:role_id': () => ({ permissions: [] }),
  'PUT /backend/manager/device/:device_id': () => ({ device_name: 'Taken over' }),
  'PUT /backend/manager/device/:device_id/timer': () => ({ enabled: true, timers: [] }),
  'PUT /backend/manager/device/:device_id/lock': () => ({ pin: '123456' }),
  'POST /backend/manager/device/:device_id/command': () => ({ action: 'identify' }),
  'PATCH /backend/manager/resource/:id': () => ({ name: 'Taken over' }),
  'PATCH /backend/manager/resource/website/:id': () => ({ name: 'Taken over', link: 'https://example.com/' }),
  'PATCH /backend/manager/resource/stream/:id': () => ({
    name: 'Taken over',
    link: 'https://example.com/live.m3u8',
  }),
  'PATCH /backend/manager/resource/folder/:folder_id': () => ({ name: 'Taken over' }),
  'POST /backend/manager/resource/:id/reject': () => ({ reason: 'Taken over' }),
  'PATCH /backend/manager/text/:id': () => ({ title: 'Taken over', content: 'Taken over' }),
  'PATCH /backend/manager/font/:id': () => ({ name: 'Taken over' }),
  'PATCH /backend/manager/sticker/:id': () => ({ name: 'Taken over' }),
  'PUT /backend/manager/composition/:id': () => LAYOUT,
  'PUT /backend/manager/composition-template/:id': () => LAYOUT,
  'PUT /backend/manager/template-type/:id': () => ({ name: 'Taken over' }),
  'PUT /backend/manager/resource/:id/template-type': () => ({ template_type_id: null }),
  'PUT /backend/manager/playlist/:id': () => ({ name: 'Taken over', items: [{ content_id: 1 }] }),
  'POST /backend/manager/playlist/:id/copy': () => ({ name: 'Taken over' }),
  'PUT /backend/manager/schedule/:id': () => ({
    name: 'Taken over',
    type: 'standard',
    device_ids: [1],
    items: [{ content_id: 1 }],
    start_date: '2030-01-01',
    end_date: '2030-01-31',
    frames: [{ start: '08:00', end: '18:00', rrule: 'FREQ=DAILY' }],
  }),
  'POST /backend/manager/schedule/:id/reject': () => ({ reason: 'Taken over' }),
  'PUT /backend/manager/iot-device/:id': () => ({ sensor_id: 'TAKEN-OVER', name: 'Taken over', type: 'nfc' }),
  'PUT /backend/manager/holiday/:id': () => ({ name: 'Taken over', date: '2030-01-01' }),
  'PUT /backend/manager/preset/:id': () => ({ name: 'Taken over', properties: { brightness: 1 } }),
  'POST /backend/manager/preset/:id/apply': () => ({ device_ids: [own.device] }),
  'PUT /backend/manager/rule/:id': () => ({
    name: 'Taken over',
    trigger: { kind: 'event', event: 'online' },
    actions: [{ action: 'restart' }],
    device_ids: [own.device],
  }),
  'PUT /backend/manager/rule/:id/enabled': () => ({ enabled: false }),
  'PUT /backend/manager/video-wall/:id': () => wallBody(),
  'PUT /backend/manager/video-wall-content/:id': () => ({ name: 'Taken over', wall_id: 1, content_id: 1 }),
};

/** A wall any caller could save, its screens given. */
const wallBody = (cells: { row: number; column: number; device_id: number }[] = []) => ({
  name: 'Taken over',
  rows: 2,
  columns: 2,
  orientation: 'landscape',
  screen_width_mm: 1000,
  screen_height_mm: 560,
  bezel_top_mm: 5,
  bezel_right_mm: 5,
  bezel_bottom_mm: 5,
  bezel_left_mm: 5,
  cells,
});

const REFUSED = [404001, 403001, 403002];
/**
 * The database but the sessions: a session slides its idle expiry once a minute on whatever call
 * comes (session.ts), which on a busy machine falls inside the suite and is no change a call made.
 */
const fingerprint = () => databaseFingerprint(app.db, ['sessions']);
const MARK_B = 'bsecret';
const MARK_SIBLING = 'ssecret';

let app: FastifyInstance;
let callers: { owner: Caller; admin: Caller; user: Caller; customer: Caller };
let companyA: number;
let foreign: Record<Kind, number> & { binned: number };
let sibling: Partial<Record<Kind, number>>;
let paramRoutes: { method: string; url: string; params: string[] }[];
/** A's own rows in A1 (the workspace of its user admin and user): the valid rest of a body. */
let own: Record<string, number>;
/** A screen waiting to be added, for a valid body of POST device. */
let pendingScreen: { signage: string; pin: string };
/** A's own screen, to ask for B's upgrade with its token. */
let ownScreenToken: string;

/** A package file stored: what a plan's download would serve. */
async function packageFile(text: string) {
  const fileId = randomUUID();
  await app.storage.put(packageKey(fileId), Buffer.from(text));
  return { fileId, md5: createHash('md5').update(text).digest('hex'), size: text.length };
}

/** Content of each kind, a binned item, a folder, a text, a sticker and a playlist, in a workspace. */
async function contentOf(workspace: { id: number; companyId: number }, mark: string) {
  const [folder] = await app.db
    .insert(contentFolders)
    .values({ companyId: workspace.companyId, workspaceId: workspace.id, name: `${mark} folder` })
    .returning();
  const item = await buildContent(app, workspace, { name: `${mark} image`, folderId: folder.id });
  const website = await buildContent(app, workspace, {
    name: `${mark} website`,
    type: ContentType.website,
    link: `https://${mark}.example.com/`,
  });
  const stream = await buildContent(app, workspace, {
    name: `${mark} stream`,
    type: ContentType.stream,
    link: `https://${mark}.example.com/live.m3u8`,
    // Waiting for approval: the approval list must not show another tenant's.
    approvalState: 'pending',
  });
  const binned = await buildContent(app, workspace, { name: `${mark} binned`, deletedAt: new Date() });
  const text = await buildText(app, workspace, `${mark} text`);
  const sticker = await buildSticker(app, workspace, `${mark} sticker`);
  const [playlist] = await app.db
    .insert(playlists)
    .values({ companyId: workspace.companyId, workspaceId: workspace.id, name: `${mark} playlist` })
    .returning();
  await app.db.insert(playlistItems).values({ playlistId: playlist.id, position: 0, contentId: item.id });
  return {
    playlist: playlist.id,
    sticker: sticker.id,
    content: item.id,
    website: website.id,
    stream: stream.id,
    folder: folder.id,
    binned: binned.id,
    text: text.id,
  };
}

/** A pending schedule of a device and a content, with its audit trail. */
async function scheduleOf(
  workspace: { id: number; companyId: number },
  mark: string,
  deviceId: number,
  contentId: number,
) {
  const [row] = await app.db
    .insert(schedules)
    .values({
      companyId: workspace.companyId,
      workspaceId: workspace.id,
      name: `${mark} schedule`,
      type: 'standard',
      state: 'pending',
      startDate: '2030-01-01',
      endDate: '2030-01-31',
      frames: [{ start: '08:00', end: '18:00', rrule: 'FREQ=DAILY' }],
    })
    .returning();
  await app.db.insert(scheduleItems).values({ scheduleId: row.id, position: 0, contentId });
  await app.db.insert(scheduleDevices).values({ scheduleId: row.id, deviceId });
  await app.db.insert(scheduleAudits).values({ scheduleId: row.id, action: 'create', reason: mark });
  return row.id;
}

beforeAll(async () => {
  app = await buildTestApp();

  // Tenant A, under customer CA, with two sibling workspaces.
  const ca = await buildCustomer(app);
  const a = await buildTenant(app, { customerId: ca.customer.id });
  const a1 = await buildWorkspace(app, a.company.id, a.root.id);
  const a2 = await buildWorkspace(app, a.company.id, a.root.id, `${MARK_SIBLING} workspace`);
  const adminA = await buildMember(app, a1, Role.userAdmin);
  const userA = await buildMember(app, a1, Role.user);
  const siblingMember = await buildMember(app, a2, Role.user);
  await app.db
    .update(users)
    .set({ username: `${MARK_SIBLING} member`, email: `${MARK_SIBLING}-${siblingMember.id}@example.com` })
    .where(eq(users.id, siblingMember.id));
  companyA = a.company.id;
  callers = {
    owner: { name: 'A’s owner', call: await callAs(app, a.owner), home: a.root.id },
    admin: { name: 'A’s user admin', call: await callAs(app, adminA), home: a1.id },
    user: { name: 'A’s user', call: await callAs(app, userA), home: a1.id },
    customer: { name: 'a customer of another customer', call: ca.call, home: a.root.id },
  };

  // Tenant B, under customer CB: one row of every kind, each carrying the marker.
  const cb = await buildCustomer(app, `${MARK_B} customer`);
  const b = await buildTenant(app, { customerId: cb.customer.id, name: `${MARK_B} company` });
  const b1 = await buildWorkspace(app, b.company.id, b.root.id, `${MARK_B} workspace`);
  const category = await buildCategory(app, b.company.id, `${MARK_B} group`);
  const member = await buildMember(app, b1, Role.user, { categoryId: category.id });
  for (const user of [b.owner, member, cb.account]) {
    await app.db
      .update(users)
      .set({ username: `${MARK_B} ${user.id}`, email: `${MARK_B}-${user.id}@example.com` })
      .where(eq(users.id, user.id));
  }
  const device = await buildDevice(app, b1, `${MARK_B} screen`);
  const siblingDevice = await buildDevice(app, a2, `${MARK_SIBLING} screen`);
  const [command, siblingCommand] = await app.db
    .insert(deviceCommands)
    .values([
      { deviceId: device.row.id, action: 'identify', result: MARK_B },
      { deviceId: siblingDevice.row.id, action: 'identify', result: MARK_SIBLING },
    ])
    .returning();
  // Content of each kind, a binned item and a folder, in B and in A's sibling workspace.
  const contentB = await contentOf(b1, MARK_B);
  // Fonts are company-wide: B's own (A's sibling workspace shares A's, so it has none to hide).
  const [fontB] = await app.db
    .insert(fonts)
    .values({
      companyId: b.company.id,
      name: `${MARK_B} font`,
      format: 'ttf',
      hash: 'b'.repeat(64),
      size: 10,
    })
    .returning();
  // Template types are company-wide too: B's own, and an H5 content of B that has it.
  const [templateTypeB] = await app.db
    .insert(templateTypes)
    .values({ companyId: b.company.id, name: `${MARK_B} template type` })
    .returning();
  await buildContent(app, b1, {
    name: `${MARK_B} h5`,
    type: ContentType.h5,
    templateTypeId: templateTypeB.id,
  });
  const contentSibling = await contentOf(a2, MARK_SIBLING);
  // Compositions of B and of A's sibling workspace; templates are company-wide, so only B's own.
  const compositionB = await buildComposition(app, b1, `${MARK_B} composition`);
  const compositionSibling = await buildComposition(app, a2, `${MARK_SIBLING} composition`);
  const [templateB] = await app.db
    .insert(compositionTemplates)
    .values({
      companyId: b.company.id,
      workspaceId: b1.id,
      name: `${MARK_B} template`,
      width: 1920,
      height: 1080,
    })
    .returning();
  // Schedules of B and of A's sibling workspace; holidays are company-wide, so only B's own.
  const scheduleB = await scheduleOf(b1, MARK_B, device.row.id, contentB.content);
  const scheduleSibling = await scheduleOf(a2, MARK_SIBLING, siblingDevice.row.id, contentSibling.content);
  const [holidayB] = await app.db
    .insert(holidays)
    .values({ companyId: b.company.id, name: `${MARK_B} holiday`, date: '2030-12-25' })
    .returning();
  // B's customer's custom domain and system property.
  const [domainB] = await app.db
    .insert(customDomains)
    .values({ host: `${MARK_B}.example.com`.toLowerCase(), customerId: cb.customer.id })
    .returning();
  const [propertyB] = await app.db
    .insert(systemProperties)
    .values({ customerId: cb.customer.id, name: 'support_email', value: `${MARK_B}@example.com` })
    .returning();
  // Stored objects are their owner's: B's company's sensor icon (and A's own, below).
  const sensorIcon = async (companyId: number, hash: string) =>
    (
      await app.db
        .insert(storedObjects)
        .values({ companyId, kind: 'sensor-icon', sensorType: 'Door', hash, mime: 'image/png', size: 10 })
        .returning()
    )[0].id;
  const objectB = await sensorIcon(b.company.id, 'b'.repeat(64));
  // Sensors: B's tag has the very sensor ID of A's own (an ID is unique per company only).
  const sensorOf = async (workspace: { id: number; companyId: number }, name: string) =>
    (
      await app.db
        .insert(sensors)
        .values({
          companyId: workspace.companyId,
          workspaceId: workspace.id,
          sensorId: 'SAME-TAG',
          name,
          type: 'nfc',
        })
        .returning()
    )[0].id;
  const sensorB = await sensorOf(b1, `${MARK_B} sensor`);
  // What B's and the sibling's screens played and failed to show, and an export of each (an export
  // is its requester's alone: A's callers must reach neither).
  await app.db.insert(playbacks).values([
    {
      uuid: randomUUID(),
      companyId: b.company.id,
      workspaceId: b1.id,
      deviceId: device.row.id,
      contentId: contentB.content,
      startedAt: new Date(),
      durationMs: 1000,
    },
    {
      uuid: randomUUID(),
      companyId: companyA,
      workspaceId: a2.id,
      deviceId: siblingDevice.row.id,
      contentId: contentSibling.content,
      startedAt: new Date(),
      durationMs: 1000,
    },
  ]);
  await app.db.insert(contentErrors).values([
    {
      deviceId: device.row.id,
      companyId: b.company.id,
      workspaceId: b1.id,
      itemKey: 'k',
      reason: 'load',
      message: MARK_B,
    },
    {
      deviceId: siblingDevice.row.id,
      companyId: companyA,
      workspaceId: a2.id,
      itemKey: 'k',
      reason: 'load',
      message: MARK_SIBLING,
    },
  ]);
  const exportOf = async (userId: number, companyId: number, mark: string) => {
    const [row] = await app.db
      .insert(statisticsExports)
      .values({
        userId,
        companyId,
        format: 'csv',
        filters: { scope: { companyIds: [companyId], workspaceIds: null } },
        language: 'en',
        fileName: `${mark} export.csv`,
      })
      .returning();
    return row.id;
  };
  const exportB = await exportOf(b.owner.id, b.company.id, MARK_B);
  const exportSibling = await exportOf(siblingMember.id, companyA, MARK_SIBLING);
  // Models are the platform's, not B's: still none of A's callers may touch one.
  const [modelB, ownModel] = await app.db
    .insert(deviceModels)
    .values([
      { name: `${MARK_B} model`, width: 1920, height: 1080 },
      { name: 'Own model', width: 1920, height: 1080 },
    ])
    .returning();
  // Packages are the platform's too: no tenant's caller may touch one.
  const [packageB, ownPackage] = await app.db
    .insert(otaPackages)
    .values([
      // With a file, so that only the screen's token refuses B's download to A's screen.
      {
        version: '9.0.0',
        versionKey: '9.0.0',
        description: `${MARK_B} package`,
        ...(await packageFile(MARK_B)),
      },
      { version: '9.0.1', versionKey: '9.0.1', description: 'Own package', ...(await packageFile('own')) },
    ])
    .returning();
  // Plans too: one sending B's package to B's screen, one for A's.
  const planOf = async (packageId: number, deviceId: number, name: string) => {
    const [plan] = await app.db
      .insert(otaPlans)
      .values({
        name,
        packageId,
        timing: 'instant',
        targets: { device_ids: [deviceId], workspace_ids: [], model_ids: [] },
      })
      .returning();
    // Approved, so that B's row is in the approved history (/device/ota/log) for A to miss.
    await app.db
      .insert(otaPlanDevices)
      .values({ planId: plan.id, deviceId, state: 'waiting', approvedAt: new Date() });
    return plan.id;
  };
  // App keys are the platform's as well.
  const [appKeyB, ownAppKey] = await app.db
    .insert(otaAppKeys)
    .values([
      { name: `${MARK_B} app key`, package: 'com.tenant.b', secretHash: 'b'.repeat(64) },
      { name: 'Own app key', package: 'com.tenant.own', secretHash: 'a'.repeat(64) },
    ])
    .returning();
  // Licences: a batch B's customer holds and assigned to B, and one A's customer holds and assigned to A.
  const platform = (await loggedIn(app, { role: Role.system })).call;
  const licencesOf = async (customer: typeof ca, companyId: number, batchNo: string) => {
    const batch = (
      await platform({
        method: 'POST',
        url: '/backend/manager/license/batch',
        payload: { type: 'commercial', batch_no: batchNo, validity_type: 'permanent', quantity: 20 },
      })
    ).json().data;
    await platform({
      method: 'POST',
      url: `/backend/manager/license/batch/${batch.batch_id}/issue`,
      payload: { customer_id: customer.customer.id, quantity: 10 },
    });
    const transfer = (
      await customer.call({
        method: 'POST',
        url: '/backend/manager/license/assign',
        payload: { batch_id: batch.batch_id, company_id: companyId, quantity: 5 },
      })
    ).json().data;
    return { batch: batch.batch_id as number, transfer: transfer.id as number };
  };
  const licencesB = await licencesOf(cb, b.company.id, `${MARK_B}-${randomUUID().slice(0, 8)}`);
  const licencesA = await licencesOf(ca, companyA, `own-${randomUUID().slice(0, 8)}`);
  const presetOf = async (workspace: { id: number; companyId: number }, name: string) => {
    const [row] = await app.db
      .insert(presets)
      .values({
        companyId: workspace.companyId,
        workspaceId: workspace.id,
        name,
        properties: { brightness: 50 },
      })
      .returning();
    return row.id;
  };
  const ruleOf = async (workspace: { id: number; companyId: number }, name: string, deviceId: number) => {
    const [row] = await app.db
      .insert(rules)
      .values({
        companyId: workspace.companyId,
        workspaceId: workspace.id,
        name,
        trigger: { kind: 'event', event: 'online' },
        actions: [{ action: 'restart' }],
      })
      .returning();
    await app.db.insert(ruleDevices).values({ ruleId: row.id, deviceId });
    return row.id;
  };
  // B's wall holds B's screen; A2's holds the sibling screen: ids of screens in walls are refused too.
  const wallB = await buildVideoWall(app, b1, [device.row.id], `${MARK_B} wall`);
  const wallSibling = await buildVideoWall(app, a2, [siblingDevice.row.id], `${MARK_SIBLING} wall`);
  foreign = {
    preset: await presetOf(b1, `${MARK_B} preset`),
    rule: await ruleOf(b1, `${MARK_B} rule`, device.row.id),
    videoWall: wallB.id,
    videoWallContent: (await buildWallContent(app, wallB, contentB.content)).id,
    licenseBatch: licencesB.batch,
    licenseTransfer: licencesB.transfer,
    export: exportB,
    deviceModel: modelB.id,
    otaPackage: packageB.id,
    otaPlan: await planOf(packageB.id, device.row.id, `${MARK_B} plan`),
    otaAppKey: appKeyB.id,
    ...contentB,
    schedule: scheduleB,
    holiday: holidayB.id,
    domain: domainB.id,
    property: propertyB.id,
    object: objectB,
    sensor: sensorB,
    font: fontB.id,
    templateType: templateTypeB.id,
    composition: compositionB.id,
    compositionTemplate: templateB.id,
    device: device.row.id,
    command: command.id,
    customer: cb.customer.id,
    company: b.company.id,
    category: category.id,
    user: member.id,
    workspace: b1.id,
    role: Role.user,
  };
  sibling = {
    preset: await presetOf(a2, `${MARK_SIBLING} preset`),
    rule: await ruleOf(a2, `${MARK_SIBLING} rule`, siblingDevice.row.id),
    export: exportSibling,
    ...contentSibling,
    schedule: scheduleSibling,
    composition: compositionSibling.id,
    user: siblingMember.id,
    workspace: a2.id,
    device: siblingDevice.row.id,
    command: siblingCommand.id,
    sensor: await app.db
      .insert(sensors)
      .values({
        companyId: companyA,
        workspaceId: a2.id,
        sensorId: 'SIBLING-TAG',
        name: `${MARK_SIBLING} sensor`,
        type: 'nfc',
      })
      .returning()
      .then(([row]) => row.id),
    videoWall: wallSibling.id,
    videoWallContent: (await buildWallContent(app, wallSibling, contentSibling.content)).id,
  };

  const ownContent = await contentOf(a1, 'own');
  const ownScreen = await buildDevice(app, a1, 'Own screen');
  ownScreenToken = ownScreen.token;
  const ownDevice = ownScreen.row.id;
  const [ownFont] = await app.db
    .insert(fonts)
    .values({ companyId: companyA, name: 'Own font', format: 'ttf', hash: 'a'.repeat(64), size: 10 })
    .returning();
  const [ownTemplateType] = await app.db
    .insert(templateTypes)
    .values({ companyId: companyA, name: 'Own template type' })
    .returning();
  const [innerPlaylist] = await app.db
    .insert(playlists)
    .values({ companyId: companyA, workspaceId: a1.id, name: 'Own inner playlist' })
    .returning();
  const ownWall = await buildVideoWall(app, a1, [], 'Own wall');
  const wallPlaylistOf = async (contentId: number) => {
    const [list] = await app.db
      .insert(playlists)
      .values({ companyId: companyA, workspaceId: a1.id, name: 'Own wall playlist' })
      .returning();
    await app.db.insert(playlistItems).values({ playlistId: list.id, position: 0, contentId });
    return list.id;
  };
  const wallImage = await buildContent(app, a1, { name: 'Own wall picture' });
  own = {
    ...ownContent,
    preset: await presetOf(a1, 'Own preset'),
    rule: await ruleOf(a1, 'Own rule', ownDevice),
    videoWall: ownWall.id,
    spareWall: (await buildVideoWall(app, a1, [], 'Own spare wall')).id,
    wallImage: wallImage.id,
    wallPlaylist: await wallPlaylistOf(wallImage.id),
    videoWallContent: (await buildWallContent(app, ownWall, wallImage.id)).id,
    wallDevice: (await buildDevice(app, a1, 'Own wall screen')).row.id,
    licenseBatch: licencesA.batch,
    licenseTransfer: licencesA.transfer,
    deviceModel: ownModel.id,
    otaPackage: ownPackage.id,
    otaPlan: await planOf(ownPackage.id, ownDevice, 'Own plan'),
    otaAppKey: ownAppKey.id,
    innerPlaylist: innerPlaylist.id,
    h5: (await buildContent(app, a1, { name: 'Own h5', type: ContentType.h5 })).id,
    // Restored by one call, so purged by another.
    binnedToPurge: (await buildContent(app, a1, { name: 'Own binned', deletedAt: new Date() })).id,
    device: ownDevice,
    font: ownFont.id,
    templateType: ownTemplateType.id,
    composition: (await buildComposition(app, a1, 'Own composition')).id,
    schedule: await scheduleOf(a1, 'own', ownDevice, ownContent.content),
    category: (await buildCategory(app, companyA, 'Own group')).id,
    otherCategory: (await buildCategory(app, companyA, 'Own other group')).id,
    user: (await buildMember(app, a1, Role.user)).id,
    workspace: a1.id,
    root: a.root.id,
    customer: ca.customer.id,
    company: companyA,
    object: await sensorIcon(companyA, 'a'.repeat(64)),
    sensor: (
      await app.db
        .insert(sensors)
        .values({
          companyId: companyA,
          workspaceId: a1.id,
          sensorId: 'SAME-TAG',
          name: 'Own sensor',
          type: 'nfc',
        })
        .returning()
    )[0].id,
    domain: (
      await app.db
        .insert(customDomains)
        .values({ host: 'own.example.com', customerId: ca.customer.id })
        .returning()
    )[0].id,
    property: (
      await app.db
        .insert(systemProperties)
        .values({ customerId: ca.customer.id, name: 'support_email', value: 'own@example.com' })
        .returning()
    )[0].id,
  };
  const screen = await registerPlayer(app);
  pendingScreen = { signage: screen.state.signage_id, pin: screen.state.pin as string };

  paramRoutes = app.routeAccess
    .map(({ method, url }) => ({
      method,
      url,
      params: [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]).filter((name) => !NOT_IDS.has(name)),
    }))
    .filter((route) => route.params.length > 0);
}, 120_000);

/** Calls a route with the given ids in its path; it must be refused and change nothing. */
async function expectRefused(
  caller: Caller,
  route: (typeof paramRoutes)[number],
  ids: Partial<Record<Kind, number>>,
) {
  const url = route.url.replace(/:([A-Za-z_]+)/g, (_, param) =>
    String(ids[kindOf(route.url, param) as Kind]),
  );
  const body = BODIES[`${route.method} ${route.url}`];
  await expectCallRefused(
    caller,
    { method: route.method as InjectOptions['method'], url, ...(body ? { payload: body(caller) } : {}) },
    `BODIES needs a valid body for ${route.method} ${route.url}`,
  );
}

/** A call that must be refused, say nothing of the row and change nothing. */
async function expectCallRefused(caller: Caller, options: InjectOptions, hint: string) {
  const before = await fingerprint();
  const response = await caller.call(options);
  const envelope = response.json();
  const what = `${caller.name}: ${options.method} ${options.url} ${JSON.stringify(options.payload ?? '')} → ${response.body}`;
  expect(envelope.code, `${what}\n(a 400001 means ${hint})`).toSatisfy((code: number) =>
    REFUSED.includes(code),
  );
  expect(envelope.data, what).toBeNull();
  expect(await fingerprint(), `${what} changed the database`).toBe(before);
}

/**
 * A body naming another tenant's row must be refused (404001, 403001, 403002) and change nothing;
 * a module that answers a row it cannot use as invalid input (400001, "Choose one of the fonts
 * offered") may, as long as the answer is the very one for an id of no row: it says nothing.
 */
async function expectRefusedAsNothing(
  caller: Caller,
  options: InjectOptions,
  nothing: InjectOptions,
  hint: string,
) {
  const before = await fingerprint();
  const response = await caller.call(options);
  const what = `${caller.name}: ${options.method} ${options.url} ${JSON.stringify(options.payload)} → ${response.body}`;
  expect(await fingerprint(), `${what} changed the database`).toBe(before);
  if (REFUSED.includes(response.json().code)) {
    expect(response.json().data, what).toBeNull();
    return;
  }
  const none = await caller.call(nothing);
  expect(response.json().code, `${what}\n(a 400001 unlike an unknown id's means ${hint})`).toBe(400001);
  expect(response.body, what).toBe(none.body);
}

/** Numeric parts of a dotted field are array indexes. */
const pathOf = (field: string) => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
/** An id where the field wants one, in a list where it wants ids. */
const idValue = (field: string, id: number) => (field.endsWith('ids') ? [id] : id);

// ── Ids in bodies and queries ─────────────────────────────────────────────────────────────────
// Read from the OpenAPI document: every field named id, ids, *_id or *_ids of every route's body
// and query. A new one nobody mapped fails the suite, as a path parameter does.

const ID_FIELD = /(^|_)ids?$/;

/** Fields that look like ids but name no tenant's row, and routes whose ids are checked elsewhere. */
const NOT_TENANT_IDS: Record<string, string> = {
  role_id: 'the roles are the platform’s, the same for every tenant',
  signage_id: 'the code a screen shows, not a row id (the device tests)',
  sensor_id: 'the tag’s own id as its readers report it, not a row id (modules/sensor tests)',
  upload_id: 'an upload’s UUID (the upload test above)',
  '/backend/player/': 'a screen’s own token names its company (the statistics and program tests)',
  '/backend/manager/sys/setting/customer-theme': 'the `id` of a theme is a preset’s number',
  '/backend/manager/license/whitelist':
    'the MAC whitelist is the platform’s alone (license/whitelist.test.ts)',
  '/backend/manager/preset model_id': 'a model of the catalogue, the same for every tenant',
  '/backend/manager/preset/:id model_id': 'a model of the catalogue, the same for every tenant',
  '/backend/manager/ota/package': 'OTA packages are the platform’s alone (ota/packages.test.ts)',
  '/backend/manager/ota/plan': 'OTA plans are the platform’s alone (ota/plans.test.ts)',
  '/backend/manager/ota/appkey': 'OTA app keys are the platform’s alone (ota/keys.test.ts)',
  '/backend/manager/ota/device-key': 'OTA device keys are the platform’s alone (ota/keys.test.ts)',
  '/backend/manager/ota/validation-exemption': 'OTA exemptions are the platform’s alone (ota/keys.test.ts)',
};
const notTenantId = (url: string, field: string) =>
  Object.keys(NOT_TENANT_IDS).some(
    (key) => field.split('.').at(-1) === key || url.startsWith(key) || key === `${url} ${field}`,
  );

const FIELD_KINDS: Record<string, Kind> = {
  customer_id: 'customer',
  company_id: 'company',
  category_id: 'category',
  move_to_category_id: 'category',
  wall_id: 'videoWall',
  group_id: 'workspace',
  parent_id: 'workspace',
  folder_id: 'folder',
  uploader_id: 'user',
  font_id: 'font',
  content_id: 'content',
  background_content_id: 'content',
  playlist_id: 'playlist',
  text_id: 'text',
  sticker_id: 'sticker',
  template_type_id: 'templateType',
  device_id: 'device',
  device_ids: 'device',
  sensor_ids: 'sensor',
  schedule_id: 'schedule',
  program_id: 'composition',
  model_id: 'deviceModel',
  batch_id: 'licenseBatch',
  user_ids: 'user',
};

/** What an id in a body or a query names: by the field's name, `ids` by the area of the path. */
function fieldKindOf(url: string, field: string): Kind | 'binned' | null {
  if (field.endsWith('default_program.id') || field.endsWith('program.id')) return 'composition';
  if (field === 'id' && url === '/backend/manager/resource/object/delete') return 'object';
  const name = field.split('.').at(-1) as string;
  if (name !== 'ids') return FIELD_KINDS[name] ?? null;
  const area = url.replace('/backend/manager/', '');
  if (/^resource\/(restore|purge)$/.test(area)) return 'binned';
  if (area.startsWith('account/user')) return 'user';
  const byArea: Record<string, Kind> = {
    device: 'device',
    resource: 'content',
    text: 'text',
    sticker: 'sticker',
    composition: 'composition',
    playlist: 'playlist',
    schedule: 'schedule',
    'device-model': 'deviceModel',
    'iot-device': 'sensor',
    preset: 'preset',
    rule: 'rule',
    'video-wall': 'videoWall',
    'video-wall-content': 'videoWallContent',
  };
  return byArea[area.split('/')[0]] ?? null;
}

type IdCase = { method: string; url: string; field: string; in: 'body' | 'query' };

/** Every id field of every route's body and query, but those NOT_TENANT_IDS names. */
function idCases(): IdCase[] {
  const operationOf = operationsOf(app);
  return app.routeAccess.flatMap(({ method, url }) => {
    const operation = operationOf({ method, url });
    const schema = jsonBodyOf(operation);
    const body = schema ? fieldsOf(schema).map((path) => path.join('.')) : [];
    const query = queryOf(operation).map((parameter) => parameter.name);
    const cases: IdCase[] = [
      ...[...new Set(body)].map((field) => ({ method, url, field, in: 'body' as const })),
      ...query.map((field) => ({ method, url, field, in: 'query' as const })),
    ];
    return cases.filter(
      (c) => ID_FIELD.test(c.field.split('.').at(-1) as string) && !notTenantId(c.url, c.field),
    );
  });
}

/** A composition whose one zone (or background) holds the field. */
function compositionBody(o: Record<string, number>, field: string) {
  const zones: Record<string, object> = {
    'zones.0.content_id': { kind: 'media', content_id: o.content },
    'zones.0.playlist_id': { kind: 'playlist', playlist_id: o.playlist },
    'zones.0.text_id': { kind: 'text', text_id: o.text },
    'zones.0.font_id': { kind: 'clock', font_id: o.font },
    'zones.0.sticker_id': { kind: 'sticker', sticker_id: o.sticker },
  };
  return {
    ...LAYOUT,
    background_content_id: field === 'background_content_id' ? o.content : null,
    zones: [{ ...LAYOUT.zones[0], ...(zones[field] ?? { kind: 'media' }) }],
  };
}

const playlistBody = (o: Record<string, number>, field: string) => ({
  name: 'Own',
  items: [
    field === 'items.0.playlist_id'
      ? { playlist_id: o.innerPlaylist }
      : field === 'items.0.text_id'
        ? { text_id: o.text }
        : { content_id: o.content },
  ],
});

const scheduleBody = (o: Record<string, number>, field: string) => ({
  name: 'Own',
  type: field === 'program_id' ? 'composition' : field === 'sensor.sensor_ids' ? 'sensor' : 'standard',
  device_ids: [o.device],
  items: [{ content_id: o.content }],
  program_id: field === 'program_id' ? o.composition : null,
  start_date: '2030-01-01',
  end_date: '2030-01-31',
  frames: [{ start: '08:00', end: '18:00', rrule: 'FREQ=DAILY' }],
  sensor: field === 'sensor.sensor_ids' ? { sensor_ids: [o.sensor], seconds: 10 } : null,
});

const presetBody = (o: Record<string, number>) => ({
  name: 'Own',
  properties: { default_program: { kind: 'composition', id: o.composition } },
});

/** A rule of A's screen naming the id tried: a sensor, a mail's user or the content it switches to. */
const ruleBody = (o: Record<string, number>, field: string) => ({
  name: 'Own',
  trigger: field.endsWith('sensor_ids')
    ? { kind: 'sensor', sensor_ids: [o.sensor] }
    : { kind: 'event', event: 'online' },
  actions: field.endsWith('user_ids')
    ? [{ action: 'mail', user_ids: [o.user] }]
    : field.endsWith('program.id')
      ? [{ action: 'switch-content', program: { kind: 'composition', id: o.composition } }]
      : [{ action: 'restart' }],
  device_ids: [o.device],
});

const unique = () => `own-${randomUUID().slice(0, 8)}@example.com`;

/** For each route with ids in its body: a body valid for A's callers, from A's own rows. */
/**
 * Wall content on A's wall: its own picture, or its playlist of that picture when that is the id
 * tried (not the playlist the playlist writes above fill with texts and nested lists).
 */
const wallContentBody = (o: Record<string, number>, field: string) => ({
  name: 'Own wall content',
  wall_id: o.videoWall,
  ...(field === 'playlist_id'
    ? { content_id: null, playlist_id: o.wallPlaylist }
    : { content_id: o.wallImage }),
});

const ID_BODIES: Record<string, (o: Record<string, number>, field: string) => object> = {
  'DELETE /backend/manager/resource/object/delete': (o) => ({ id: o.object }),
  // A's screen is in A's running plan: approving it forces its row there.
  'POST /backend/manager/ota/upgrade': (o) => ({ device_ids: [o.device] }),
  'POST /backend/manager/iot-device': (o) => ({
    sensor_id: `OWN-${randomUUID().slice(0, 8)}`,
    name: 'Own',
    type: 'nfc',
    device_ids: [o.device],
  }),
  'PUT /backend/manager/iot-device/:id': (o) => ({
    sensor_id: 'SAME-TAG',
    name: 'Own',
    type: 'nfc',
    device_ids: [o.device],
  }),
  'DELETE /backend/manager/iot-device': (o) => ({ ids: [o.sensor], detach: true }),
  'POST /backend/manager/sys/custom-domain': (o) => ({
    host: `own-${randomUUID().slice(0, 8)}.example.com`,
    customer_id: o.customer,
  }),
  'PUT /backend/manager/sys/custom-domain/:id': (o) => ({
    host: `own-${randomUUID().slice(0, 8)}.example.com`,
    customer_id: o.customer,
  }),
  // A's own property is its support_email: a new value is its site_title.
  'POST /backend/manager/sys/system-property': (o) => ({
    name: 'site_title',
    value: 'Own',
    customer_id: o.customer,
  }),
  'PUT /backend/manager/sys/system-property/:id': (o) => ({
    name: 'support_email',
    value: 'own@example.com',
    customer_id: o.customer,
  }),
  'POST /backend/manager/account/group': (o) => ({
    company_name: 'Own',
    owner_email: unique(),
    owner_username: 'Own',
    user_limit: 10,
    customer_id: o.customer,
  }),
  'DELETE /backend/manager/account/group/category/:category_id': (o) => ({
    move_to_category_id: o.otherCategory,
  }),
  'POST /backend/manager/account/user': (o) => ({
    email: unique(),
    username: 'Own',
    role_id: Role.user,
    group_id: o.workspace,
    category_id: o.category,
  }),
  'DELETE /backend/manager/account/user': (o) => ({ ids: [o.user] }),
  'POST /backend/manager/account/user/toggle': (o) => ({ ids: [o.user], status: AccountStatus.active }),
  'PUT /backend/manager/account/user/:user_id': (o) => ({
    username: 'Own',
    role_id: Role.user,
    group_id: o.workspace,
    category_id: o.category,
  }),
  'POST /backend/manager/account/workspace': (o) => ({ name: 'Own', parent_id: o.workspace }),
  'PUT /backend/manager/account/workspace/:id': (o) => ({ name: 'Own', parent_id: o.root }),
  'POST /backend/manager/account/user/workspace': (o) => ({ group_id: o.workspace }),
  'POST /backend/manager/device': (o) => ({
    signage_id: pendingScreen.signage,
    device_name: 'Own',
    group_id: o.workspace,
    authentication: pendingScreen.pin,
  }),
  'POST /backend/manager/device/command': (o) => ({ ids: [o.device], command: { action: 'identify' } }),
  'DELETE /backend/manager/device': (o) => ({ ids: [o.device] }),
  'DELETE /backend/manager/device-model': (o) => ({ ids: [o.deviceModel] }),
  'POST /backend/manager/device-model/assign': (o) => ({ device_ids: [o.device], model_id: o.deviceModel }),
  'POST /backend/manager/device/move': (o) => ({ ids: [o.device], group_id: o.workspace }),
  'PUT /backend/manager/device/:device_id': (o) => ({
    device_name: 'Own screen',
    default_program: { kind: 'composition', id: o.composition },
  }),
  'PUT /backend/manager/device/timer': (o) => ({ ids: [o.device], enabled: false, timers: [] }),
  'POST /backend/manager/preset': (o) => presetBody(o),
  'PUT /backend/manager/preset/:id': (o) => presetBody(o),
  'DELETE /backend/manager/preset': (o) => ({ ids: [o.preset] }),
  'POST /backend/manager/rule': ruleBody,
  'PUT /backend/manager/rule/:id': ruleBody,
  'DELETE /backend/manager/rule': (o) => ({ ids: [o.rule] }),
  'POST /backend/manager/preset/:id/apply': (o) => ({ device_ids: [o.device] }),
  'POST /backend/manager/common/slice-upload-init': (o) => ({
    hash: 'e'.repeat(64),
    size: 10,
    name: 'own.png',
    folder_id: o.folder,
  }),
  'DELETE /backend/manager/resource': (o) => ({ ids: [o.content], detach: true }),
  'POST /backend/manager/resource/move': (o) => ({ ids: [o.content], folder_id: o.folder }),
  'POST /backend/manager/resource/restore': (o) => ({ ids: [o.binned] }),
  'DELETE /backend/manager/resource/purge': (o) => ({ ids: [o.binnedToPurge] }),
  'POST /backend/manager/resource/website': (o) => ({
    name: 'Own',
    link: 'https://example.com/',
    folder_id: o.folder,
  }),
  'PATCH /backend/manager/resource/website/:id': (o) => ({
    name: 'Own',
    link: 'https://example.com/',
    folder_id: o.folder,
  }),
  'POST /backend/manager/resource/stream': (o) => ({
    name: 'Own',
    link: 'https://example.com/live.m3u8',
    folder_id: o.folder,
  }),
  'PATCH /backend/manager/resource/stream/:id': (o) => ({
    name: 'Own',
    link: 'https://example.com/live.m3u8',
    folder_id: o.folder,
  }),
  'PUT /backend/manager/resource/:id/template-type': (o) => ({ template_type_id: o.templateType }),
  'POST /backend/manager/text': (o) => ({ title: 'Own', content: 'Own', font_id: o.font }),
  'PATCH /backend/manager/text/:id': (o) => ({ title: 'Own', content: 'Own', font_id: o.font }),
  'DELETE /backend/manager/text': (o) => ({ ids: [o.text] }),
  'DELETE /backend/manager/sticker': (o) => ({ ids: [o.sticker], detach: true }),
  'POST /backend/manager/composition': compositionBody,
  'PUT /backend/manager/composition/:id': compositionBody,
  'POST /backend/manager/composition/program': compositionBody,
  'DELETE /backend/manager/composition': (o) => ({ ids: [o.composition], detach: true }),
  'POST /backend/manager/playlist': playlistBody,
  'PUT /backend/manager/playlist/:id': playlistBody,
  'POST /backend/manager/playlist/program': playlistBody,
  'DELETE /backend/manager/playlist': (o) => ({ ids: [o.playlist], detach: true }),
  'POST /backend/manager/video-wall': (o) => wallBody([{ row: 0, column: 0, device_id: o.wallDevice }]),
  'PUT /backend/manager/video-wall/:id': (o) => wallBody([{ row: 1, column: 1, device_id: o.wallDevice }]),
  'DELETE /backend/manager/video-wall': (o) => ({ ids: [o.spareWall] }),
  'POST /backend/manager/video-wall-content': wallContentBody,
  'PUT /backend/manager/video-wall-content/:id': wallContentBody,
  'DELETE /backend/manager/video-wall-content': (o) => ({ ids: [o.videoWallContent], detach: true }),
  'POST /backend/manager/statistics/export': (o) => ({
    format: 'csv',
    device_id: o.device,
    content_id: o.content,
    schedule_id: o.schedule,
  }),
  'POST /backend/manager/schedule': scheduleBody,
  'PUT /backend/manager/schedule/:id': scheduleBody,
  'DELETE /backend/manager/schedule': (o) => ({ ids: [o.schedule] }),
  'POST /backend/manager/license/batch/:id/issue': (o) => ({ customer_id: o.customer, quantity: 1 }),
  'POST /backend/manager/license/assign': (o) => ({
    batch_id: o.licenseBatch,
    company_id: o.company,
    quantity: 1,
  }),
  'POST /backend/manager/license/bind': (o) => ({ device_id: o.device, batch_id: o.licenseBatch }),
  'POST /backend/manager/license/key/bind': (o) => ({ device_id: o.device, key: 'NO-SUCH-KEY' }),
  'PUT /backend/manager/license/remind': (o) => ({
    enabled: true,
    threshold_days: 30,
    frequency_days: 7,
    user_ids: [o.user],
    emails: [],
    exempt_days: [],
    send_time: '09:00',
  }),
};

/** Drafts answer what a program would show: another tenant's rows as if they did not exist. */
const DRAFTS = new Set([
  'POST /backend/manager/playlist/program',
  'POST /backend/manager/composition/program',
]);

/** Own bodies not tried for success, and why. */
const NOT_TRIED: Record<string, string> = {
  'POST /backend/manager/device/command': 'commands go to screens online only',
  'DELETE /backend/manager/text': 'the playlists and compositions saved above use the text',
  'POST /backend/manager/resource/website': 'checks the link over the network',
  'PATCH /backend/manager/resource/website/:id': 'checks the link over the network',
  'POST /backend/manager/resource/stream': 'checks the link over the network',
  'PATCH /backend/manager/resource/stream/:id': 'checks the link over the network',
  // The catalogue is the platform's: no tenant's caller may write it (device-model/models.test.ts).
  'POST /backend/manager/device-model/assign': 'the platform roles’ alone',
  'DELETE /backend/manager/device-model': 'the platform roles’ alone',
  'POST /backend/manager/license/batch/:id/issue': 'the platform roles’ alone (license/licenses.test.ts)',
  'POST /backend/manager/license/key/bind': 'a key comes from the platform (license/keys.test.ts)',
  'POST /backend/manager/rule':
    'a new rule goes to the caller’s active workspace, which the calls tried before switch (rule/rules.test.ts)',
  'POST /backend/manager/video-wall':
    'a new wall goes to the caller’s active workspace, which the calls tried before switch (video-wall/video-walls.test.ts)',
};

/** A route's path with A's own rows in it (the template type goes to an H5 content). */
const ownPath = (url: string) =>
  url.replace(/:([A-Za-z_]+)/g, (_, param) =>
    String(url.endsWith('/template-type') ? own.h5 : own[kindOf(url, param) as Kind]),
  );

/** What a query needs beside the id for a list to apply it, and what the id names. */
function queryCasesOf(c: IdCase): { base: Record<string, string>; kind: Kind | null }[] {
  if (c.url === '/backend/manager/statistics/choices' && c.field === 'id') {
    return (['device', 'content', 'schedule'] as const).map((kind) => ({ base: { kind }, kind }));
  }
  const kind = fieldKindOf(c.url, c.field);
  if (c.url !== '/backend/manager/resource') return [{ base: {}, kind: kind as Kind | null }];
  const type = c.field === 'template_type_id' ? ContentType.h5 : ContentType.image;
  return [{ base: { type: String(type) }, kind: kind as Kind | null }];
}

describe('the cross-tenant suite', () => {
  it('knows what every path parameter names', () => {
    const unmapped = paramRoutes.flatMap((route) =>
      route.params
        .filter((param) => kindOf(route.url, param) === null)
        .map((param) => `${route.method} ${route.url} (:${param})`),
    );
    expect(
      unmapped,
      `Map these path parameters to an id kind in kindOf() of src/tenancy.cross.test.ts, with a row of that kind in tenant B: ${unmapped.join(', ')}`,
    ).toEqual([]);
    expect(paramRoutes.length).toBeGreaterThan(20);
  });

  for (const who of ['owner', 'admin', 'user', 'customer'] as const) {
    it(`refuses every id of another tenant to ${who === 'customer' ? 'a customer of another customer' : `A’s ${who}`}`, async () => {
      for (const route of paramRoutes) {
        if (route.params.some((param) => kindOf(route.url, param) === null)) continue; // failed above
        await expectRefused(callers[who], route, foreign);
      }
    }, 300_000);
  }

  it('refuses another screen’s upgrade to a screen’s token: download and report', async () => {
    const screen = (options: InjectOptions) =>
      app.inject({ ...options, headers: { authorization: `Bearer ${ownScreenToken}` } });
    const caller: Caller = { name: 'A’s screen', call: screen, home: 0 };
    await expectCallRefused(
      caller,
      { method: 'GET', url: `/backend/player/ota/package/${foreign.otaPlan}` },
      '',
    );
    await expectCallRefused(
      caller,
      {
        method: 'POST',
        url: '/backend/player/ota/report',
        payload: { plan_id: foreign.otaPlan, state: 'failed' },
      },
      'a valid report',
    );
    // Its own plan's file it gets.
    const mine = await screen({ method: 'GET', url: `/backend/player/ota/package/${own.otaPlan}` });
    expect(mine.body).toBe('own');
  });

  it('relays a networked sensor’s read with A’s secret to A’s screens only, though B’s tag has its ID', async () => {
    await app.db.insert(sensorDevices).values([
      { sensorId: own.sensor, deviceId: own.device },
      { sensorId: foreign.sensor, deviceId: foreign.device },
    ]);
    const made = await callers.owner.call({
      method: 'POST',
      url: `/backend/manager/iot-device/${own.sensor}/secret`,
    });
    const relayed: BusEvent[] = [];
    const stop = app.bus.on((event) => {
      if (event.type === 'sensor-read') relayed.push(event);
    });
    try {
      const read = await app.inject({
        method: 'POST',
        url: '/backend/sensor/read',
        headers: { authorization: `Bearer ${made.json().data.secret}` },
        payload: { sensor_id: 'SAME-TAG' },
      });
      expect(read.json().data).toEqual({ screens: 1 });
      await busSettled(app);
    } finally {
      stop();
    }
    expect(relayed).toEqual([{ type: 'sensor-read', deviceIds: [own.device], sensorId: 'SAME-TAG' }]);
  });

  for (const who of ['admin', 'user'] as const) {
    it(`refuses a sibling workspace and its member to A’s ${who}`, async () => {
      const routes = paramRoutes.filter((route) =>
        route.params.every((param) => sibling[kindOf(route.url, param) as Kind] !== undefined),
      );
      expect(routes.length).toBeGreaterThan(5);
      for (const route of routes) await expectRefused(callers[who], route, sibling);
    }, 300_000);
  }

  it('never lists another tenant’s rows, whatever filter names them', async () => {
    const lists = app.routeAccess.filter(
      (route) =>
        route.method === 'GET' && route.url.startsWith('/backend/manager/') && !route.url.includes(':'),
    );
    expect(lists.length).toBeGreaterThan(10);
    const filters = [
      {},
      { customer_id: foreign.customer },
      { company_id: foreign.company },
      { group_id: foreign.workspace },
      { category_id: foreign.category },
      { type: ContentType.image },
      { type: ContentType.image, deleted: 1 },
      { type: ContentType.image, folder_id: foreign.folder },
      { type: ContentType.website },
      { type: ContentType.stream },
      { type: ContentType.h5 },
      { type: ContentType.h5, template_type_id: foreign.templateType },
    ];
    for (const who of ['owner', 'admin', 'user', 'customer'] as const) {
      for (const route of lists) {
        for (const filter of filters) {
          const query = Object.fromEntries(
            Object.entries(filter).map(([key, value]) => [key, String(value)]),
          );
          const response = await callers[who].call({ method: 'GET', url: route.url, query });
          expect(response.statusCode, `${route.url} ${response.body}`).toBeLessThan(500);
          expect(
            response.body.toLowerCase(),
            `${callers[who].name}: GET ${route.url} ${JSON.stringify(query)}`,
          ).not.toContain(MARK_B);
        }
      }
    }
  }, 300_000);

  it('hides a sibling workspace’s member from a user admin and a user of the other workspace', async () => {
    const lists = app.routeAccess.filter(
      (route) =>
        route.method === 'GET' && route.url.startsWith('/backend/manager/') && !route.url.includes(':'),
    );
    for (const who of ['admin', 'user'] as const) {
      for (const route of lists) {
        for (const query of [
          {},
          { group_id: String(sibling.workspace) },
          { type: String(ContentType.image), folder_id: String(sibling.folder) },
          { type: String(ContentType.image), deleted: '1' },
        ] as Record<string, string>[]) {
          const response = await callers[who].call({ method: 'GET', url: route.url, query });
          expect(response.body.toLowerCase(), `${callers[who].name}: GET ${route.url}`).not.toContain(
            MARK_SIBLING,
          );
        }
      }
    }
    // The owner, who runs the whole company, does see them: the marker is really there.
    const owner = await callers.owner.call({ method: 'GET', url: '/backend/manager/account/user' });
    expect(owner.body).toContain(MARK_SIBLING);
  });

  it('refuses foreign ids in the bodies of the writes that take them', async () => {
    const writes: [string, string, (caller: Caller) => object][] = [
      [
        'POST',
        'user',
        () => ({
          email: 'x-cross@example.com',
          username: 'X',
          role_id: Role.user,
          group_id: foreign.workspace,
        }),
      ],
      [
        'POST',
        'user',
        (c) => ({
          email: 'y-cross@example.com',
          username: 'X',
          role_id: Role.user,
          group_id: c.home,
          category_id: foreign.category,
        }),
      ],
      ['DELETE', 'user', () => ({ ids: [foreign.user] })],
      ['POST', 'user/toggle', () => ({ ids: [foreign.user], status: 2 })],
      ['POST', 'workspace', () => ({ name: 'X', parent_id: foreign.workspace })],
      ['POST', 'user/workspace', () => ({ group_id: foreign.workspace })],
      [
        'POST',
        'group',
        () => ({
          company_name: 'X',
          owner_email: 'z-cross@example.com',
          owner_username: 'X',
          customer_id: foreign.customer,
        }),
      ],
      ['DELETE', `group/category/${foreign.category}`, () => ({ move_to_category_id: foreign.category })],
    ];
    for (const who of ['owner', 'admin', 'user', 'customer'] as const) {
      for (const [method, path, body] of writes) {
        const before = await fingerprint();
        const response = await callers[who].call({
          method: method as InjectOptions['method'],
          url: `/backend/manager/account/${path}`,
          payload: body(callers[who]),
        });
        const what = `${callers[who].name}: ${method} ${path} → ${response.body}`;
        expect(response.json().code, what).toSatisfy((code: number) => REFUSED.includes(code));
        expect(await fingerprint(), `${what} changed the database`).toBe(before);
      }
    }
  }, 300_000);

  it('refuses foreign content and folder ids in the bodies of the library writes', async () => {
    const ownFolder = async (caller: Caller) => {
      const response = await caller.call({ method: 'GET', url: '/backend/manager/resource/folder' });
      // A customer holds no content permission: any folder id will do, the call is refused first.
      return (response.json().data?.[0]?.folder_id ?? foreign.folder) as number;
    };
    const writes: [string, string, (caller: Caller) => Promise<object>][] = [
      ['POST', 'move', async (c) => ({ ids: [foreign.content], folder_id: await ownFolder(c) })],
      ['POST', 'move', async () => ({ ids: [foreign.content], folder_id: foreign.folder })],
      ['DELETE', '', async () => ({ ids: [foreign.content], detach: true })],
      ['POST', 'restore', async () => ({ ids: [foreign.binned] })],
      ['DELETE', 'purge', async () => ({ ids: [foreign.binned] })],
      [
        'POST',
        'website',
        async () => ({ name: 'X', link: 'https://example.com/', folder_id: foreign.folder }),
      ],
      [
        'POST',
        'stream',
        async () => ({ name: 'X', link: 'https://example.com/x.m3u8', folder_id: foreign.folder }),
      ],
    ];
    for (const who of ['owner', 'admin', 'user', 'customer'] as const) {
      for (const [method, path, body] of writes) {
        const payload = await body(callers[who]);
        const before = await fingerprint();
        const response = await callers[who].call({
          method: method as InjectOptions['method'],
          url: `/backend/manager/resource${path ? `/${path}` : ''}`,
          payload,
        });
        const what = `${callers[who].name}: ${method} resource/${path} → ${response.body}`;
        expect(response.json().code, what).toSatisfy((code: number) => REFUSED.includes(code));
        expect(await fingerprint(), `${what} changed the database`).toBe(before);
      }
    }
  }, 300_000);

  it('refuses foreign text and sticker ids in the bodies of their deletes', async () => {
    for (const who of ['owner', 'admin', 'user', 'customer'] as const) {
      for (const [path, ids] of [
        ['text', [foreign.text]],
        ['text', [sibling.text as number]],
        ['sticker', [foreign.sticker]],
        ['sticker', [sibling.sticker as number]],
      ] as const) {
        if (who === 'owner' && (ids[0] === sibling.text || ids[0] === sibling.sticker)) continue; // the owner's own company
        const before = await fingerprint();
        const response = await callers[who].call({
          method: 'DELETE',
          url: `/backend/manager/${path}`,
          payload: { ids },
        });
        const what = `${callers[who].name}: DELETE ${path} ${ids} → ${response.body}`;
        expect(response.json().code, what).toSatisfy((code: number) => REFUSED.includes(code));
        expect(await fingerprint(), `${what} changed the database`).toBe(before);
      }
    }
  }, 300_000);

  it('refuses foreign references in the bodies of the composition writes', async () => {
    const zone = { name: 'Z', x: 0, y: 0, width: 100, height: 100 };
    const zones = (ids: Partial<Record<Kind | 'binned', number>>) =>
      [
        { ...zone, kind: 'media', content_id: ids.content },
        { ...zone, kind: 'media', content_id: ids.binned },
        { ...zone, kind: 'website', content_id: ids.website },
        { ...zone, kind: 'text', text_id: ids.text },
        { ...zone, kind: 'sticker', sticker_id: ids.sticker },
      ].filter((z) => Object.values(z).every((value) => value !== undefined));
    for (const who of ['owner', 'admin', 'user', 'customer'] as const) {
      const made = await callers[who].call({
        method: 'POST',
        url: '/backend/manager/composition',
        payload: LAYOUT,
      });
      // A customer holds no composition permission: any id will do, the call is refused first.
      const own = (made.json().data?.id ?? foreign.composition) as number;
      const named = who === 'admin' || who === 'user' ? [foreign, sibling] : [foreign];
      for (const ids of named) {
        const calls: InjectOptions[] = zones(ids).flatMap((z) => [
          { method: 'POST', url: '/backend/manager/composition', payload: { ...LAYOUT, zones: [z] } },
          { method: 'PUT', url: `/backend/manager/composition/${own}`, payload: { ...LAYOUT, zones: [z] } },
        ]);
        calls.push(
          {
            method: 'POST',
            url: '/backend/manager/composition',
            payload: { ...LAYOUT, background_content_id: ids.content },
          },
          {
            method: 'DELETE',
            url: '/backend/manager/composition',
            payload: { ids: [ids.composition], detach: true },
          },
        );
        for (const options of calls) {
          const before = await databaseFingerprint(app.db, ['sessions']);
          const response = await callers[who].call(options);
          const what = `${callers[who].name}: ${options.method} ${options.url} ${JSON.stringify(options.payload)} → ${response.body}`;
          expect(response.json().code, what).toSatisfy((code: number) => REFUSED.includes(code));
          expect(await databaseFingerprint(app.db, ['sessions']), `${what} changed the database`).toBe(
            before,
          );
        }
      }
    }
  }, 300_000);

  it('refuses foreign content, text and playlist ids in the bodies of the playlist writes', async () => {
    // An own playlist to save, for each caller who may make one (a customer is refused first).
    const own: Partial<Record<string, number>> = {};
    for (const who of ['owner', 'admin', 'user'] as const) {
      const item = await buildContent(app, { id: callers[who].home, companyId: companyA });
      const made = await callers[who].call({
        method: 'POST',
        url: '/backend/manager/playlist',
        payload: { name: 'Own', items: [{ content_id: item.id }] },
      });
      expect(made.json().code, made.body).toBe(220000);
      own[who] = made.json().data.id;
    }
    const items = (ids: Partial<Record<Kind, number>> & { binned?: number }) => [
      { content_id: ids.content },
      { content_id: ids.binned },
      { text_id: ids.text },
      { playlist_id: ids.playlist },
    ];
    for (const who of ['owner', 'admin', 'user', 'customer'] as const) {
      const named = who === 'admin' || who === 'user' ? [foreign, sibling] : [foreign];
      for (const ids of named) {
        for (const item of items(ids)) {
          const calls: InjectOptions[] = [
            { method: 'POST', url: '/backend/manager/playlist', payload: { name: 'X', items: [item] } },
            {
              method: 'PUT',
              url: `/backend/manager/playlist/${own[who] ?? foreign.playlist}`,
              payload: { name: 'X', items: [item] },
            },
          ];
          for (const options of calls) {
            const before = await fingerprint();
            const response = await callers[who].call(options);
            const what = `${callers[who].name}: ${options.method} ${options.url} ${JSON.stringify(item)} → ${response.body}`;
            expect(response.json().code, what).toSatisfy((code: number) => REFUSED.includes(code));
            expect(await fingerprint(), `${what} changed the database`).toBe(before);
          }
        }
        const before = await fingerprint();
        const response = await callers[who].call({
          method: 'DELETE',
          url: '/backend/manager/playlist',
          payload: { ids: [ids.playlist], detach: true },
        });
        expect(response.json().code, response.body).toSatisfy((code: number) => REFUSED.includes(code));
        expect(await fingerprint()).toBe(before);
      }
    }
  }, 300_000);

  it('refuses foreign folders and uploads to the upload calls, and never offers another tenant’s bytes', async () => {
    // B's owner's unfinished startup logo upload (modules/startup).
    const startupUploadId = randomUUID();
    await app.db.insert(uploads).values({
      id: startupUploadId,
      purpose: 'startup',
      companyId: foreign.company,
      userId: foreign.user,
      hash: 'c'.repeat(64),
      size: 10,
      name: 'logo.bmp',
      type: 0,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    // B's bytes in its library, and an unfinished upload of them by B's member.
    const hash = 'b'.repeat(64);
    await buildContent(app, { id: foreign.workspace, companyId: foreign.company }, { hash, size: 10 });
    const uploadId = randomUUID();
    await app.db.insert(uploads).values({
      id: uploadId,
      companyId: foreign.company,
      workspaceId: foreign.workspace,
      userId: foreign.user,
      hash,
      size: 10,
      name: 'x.png',
      type: ContentType.image,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const common = '/backend/manager/common';
    for (const who of ['owner', 'admin', 'user', 'customer'] as const) {
      const folders = who === 'admin' || who === 'user' ? [foreign.folder, sibling.folder] : [foreign.folder];
      const calls: InjectOptions[] = [
        ...folders.map((folder_id) => ({
          method: 'POST' as const,
          url: `${common}/slice-upload-init`,
          payload: { hash, size: 10, name: 'x.png', folder_id },
        })),
        {
          method: 'POST',
          url: `${common}/slice-upload?upload_id=${uploadId}&index=0`,
          headers: { 'content-type': 'application/octet-stream' },
          payload: Buffer.alloc(10),
        },
        { method: 'POST', url: `${common}/slice-upload-finish`, payload: { upload_id: uploadId } },
        {
          method: 'POST',
          url: `/backend/manager/startup/slice-upload?upload_id=${startupUploadId}&index=0`,
          headers: { 'content-type': 'application/octet-stream' },
          payload: Buffer.alloc(10),
        },
        {
          method: 'PUT',
          url: '/backend/manager/startup',
          payload: { kind: 'logo', upload_id: startupUploadId },
        },
      ];
      for (const options of calls) {
        const before = await fingerprint();
        const response = await callers[who].call(options);
        const what = `${callers[who].name}: ${options.url} → ${response.body}`;
        expect(response.json().code, what).toSatisfy((code: number) => REFUSED.includes(code));
        expect(await fingerprint(), `${what} changed the database`).toBe(before);
      }
      const check = await callers[who].call({
        method: 'POST',
        url: `${common}/slice-upload-check`,
        payload: { hash, size: 10 },
      });
      const answer = check.json();
      if (answer.code === 220000)
        expect(answer.data).toEqual({ content_id: null, upload_id: null, parts: [] });
      else expect(REFUSED, check.body).toContain(answer.code);
    }
  });

  it('refuses another tenant’s program as a device’s default content; drafts show nothing of another tenant', async () => {
    for (const who of ['owner', 'admin'] as const) {
      const caller = callers[who];
      const [home] = await app.db.select().from(workspaces).where(eq(workspaces.id, caller.home));
      const own = await buildDevice(app, { id: home.id, companyId: home.companyId }, 'Own screen');
      for (const default_program of [
        { kind: 'composition', id: foreign.composition },
        { kind: 'playlist', id: foreign.composition },
      ]) {
        const before = await databaseFingerprint(app.db, ['sessions']);
        const response = await caller.call({
          method: 'PUT',
          url: `/backend/manager/device/${own.row.id}`,
          payload: { device_name: 'Own screen', default_program },
        });
        const what = `${caller.name}: default_program ${JSON.stringify(default_program)} → ${response.body}`;
        expect(response.json().code, what).toSatisfy((code: number) => REFUSED.includes(code));
        expect(await databaseFingerprint(app.db, ['sessions']), what).toBe(before);
      }
    }
    // A draft naming another tenant's rows answers as if they did not exist.
    const draft = (id: number) => ({
      name: 'Draft',
      width: 1920,
      height: 1080,
      background_content_id: id,
      zones: [
        { kind: 'media', name: 'Main', x: 0, y: 0, width: 960, height: 1080, content_id: id },
        { kind: 'text', name: 'Ticker', x: 960, y: 0, width: 960, height: 1080, text_id: foreign.text },
      ],
    });
    for (const who of ['owner', 'admin', 'user', 'customer'] as const) {
      const post = (payload: object) =>
        callers[who].call({ method: 'POST', url: '/backend/manager/composition/program', payload });
      const named = await post(draft(foreign.content));
      if (REFUSED.includes(named.json().code)) continue; // no composition permission
      expect(named.body.toLowerCase()).not.toContain(MARK_B);
      expect(named.json().data).toEqual((await post(draft(2_000_000_000))).json().data);
    }
  }, 120_000);

  it('refuses foreign device, content, playlist, composition and wall content ids in the bodies of the schedule writes', async () => {
    const body = (deviceId: number, contentId: number, program: { type: string; id: number } | null) => ({
      name: 'X',
      type: program?.type ?? 'standard',
      device_ids: [deviceId],
      items: [{ content_id: contentId }],
      program_id: program?.id ?? null,
      start_date: '2030-01-01',
      end_date: '2030-01-31',
      frames: [{ start: '08:00', end: '18:00', rrule: 'FREQ=DAILY' }],
    });
    for (const who of ['owner', 'admin', 'user', 'customer'] as const) {
      const home = { id: callers[who].home, companyId: companyA };
      const device = (await buildDevice(app, home, 'Own')).row.id;
      const content = (await buildContent(app, home)).id;
      const named = who === 'admin' || who === 'user' ? [foreign, sibling] : [foreign];
      for (const ids of named) {
        const payloads = [
          body(ids.device as number, content, null),
          body(device, ids.content as number, null),
          body(device, foreign.binned, null),
          ...(ids.playlist ? [body(device, content, { type: 'playlist', id: ids.playlist })] : []),
          ...(ids.composition ? [body(device, content, { type: 'composition', id: ids.composition })] : []),
          // A video-wall schedule: another tenant's wall content, or its screens on A's wall content.
          ...(ids.videoWallContent
            ? [body(device, content, { type: 'video_wall', id: ids.videoWallContent })]
            : []),
          body(ids.device as number, content, { type: 'video_wall', id: own.videoWallContent }),
        ];
        for (const payload of payloads) {
          const before = await fingerprint();
          const response = await callers[who].call({
            method: 'POST',
            url: '/backend/manager/schedule',
            payload,
          });
          const what = `${callers[who].name}: POST schedule ${JSON.stringify(payload)} → ${response.body}`;
          expect(response.json().code, what).toSatisfy((code: number) => REFUSED.includes(code));
          expect(await fingerprint(), `${what} changed the database`).toBe(before);
        }
      }
    }
  }, 120_000);
  it('knows what every id in a body or a query names', () => {
    const cases = idCases();
    const unmapped = cases
      .filter((c) =>
        c.in === 'query'
          ? c.method !== 'GET' || queryCasesOf(c).some((q) => q.kind === null)
          : fieldKindOf(c.url, c.field) === null,
      )
      .map((c) => `${c.method} ${c.url} (${c.in} ${c.field})`);
    expect(
      unmapped,
      `Map these ids to a kind in fieldKindOf() or queryCasesOf() of src/tenancy.cross.test.ts, or say in NOT_TENANT_IDS why they name no tenant's row: ${unmapped.join(', ')}`,
    ).toEqual([]);
    const bodyless = [
      ...new Set(
        cases
          .filter((c) => c.in === 'body' && !ID_BODIES[`${c.method} ${c.url}`])
          .map((c) => `${c.method} ${c.url}`),
      ),
    ];
    expect(bodyless, `Give these routes a valid body in ID_BODIES: ${bodyless.join(', ')}`).toEqual([]);
    expect(cases.filter((c) => c.in === 'body').length).toBeGreaterThan(40);
    expect(cases.filter((c) => c.in === 'query').length).toBeGreaterThan(15);
  });

  it('lists nothing of another tenant, whatever id a query names', async () => {
    const cases = idCases().filter((c) => c.in === 'query');
    for (const who of ['owner', 'admin', 'user', 'customer'] as const) {
      const named: [Partial<Record<Kind, number>>, string][] =
        who === 'admin' || who === 'user'
          ? [
              [foreign, MARK_B],
              [sibling, MARK_SIBLING],
            ]
          : [[foreign, MARK_B]];
      for (const c of cases) {
        for (const { base, kind } of queryCasesOf(c)) {
          for (const [ids, mark] of named) {
            const id = ids[kind as Kind];
            if (id === undefined) continue;
            const query = { ...base, [c.field]: String(id) };
            const response = await callers[who].call({ method: 'GET', url: c.url, query });
            const what = `${callers[who].name}: GET ${c.url} ${JSON.stringify(query)} → ${response.body}`;
            expect(response.json().code, what).toSatisfy(
              (code: number) => code === 220000 || REFUSED.includes(code),
            );
            expect(response.body.toLowerCase(), what).not.toContain(mark);
          }
        }
      }
    }
    // With A's own ids each query is one its list applies: the owner or the customer gets an answer.
    for (const c of cases) {
      for (const { base, kind } of queryCasesOf(c)) {
        const query = { ...base, [c.field]: String(own[kind as Kind]) };
        const codes: number[] = [];
        for (const who of ['owner', 'customer'] as const) {
          codes.push((await callers[who].call({ method: 'GET', url: c.url, query })).json().code);
        }
        expect(codes, `GET ${c.url} ${JSON.stringify(query)}`).toContain(220000);
      }
    }
  }, 300_000);

  it('refuses another tenant’s ids in the body of every route that takes one', async () => {
    const cases = idCases().filter((c) => c.in === 'body');
    for (const who of ['owner', 'admin', 'user', 'customer'] as const) {
      const caller = callers[who];
      const named: [Partial<Record<Kind | 'binned', number>>, string][] =
        who === 'admin' || who === 'user'
          ? [
              [foreign, MARK_B],
              [sibling, MARK_SIBLING],
            ]
          : [[foreign, MARK_B]];
      for (const c of cases) {
        const key = `${c.method} ${c.url}`;
        const kind = fieldKindOf(c.url, c.field) as Kind | 'binned';
        for (const [ids, mark] of named) {
          const id = ids[kind];
          if (id === undefined) continue;
          const base = ID_BODIES[key](own, c.field);
          const options: InjectOptions = {
            method: c.method as InjectOptions['method'],
            url: ownPath(c.url),
            payload: spoil(base, pathOf(c.field), idValue(c.field, id)) as object,
          };
          const nothing = {
            ...options,
            payload: spoil(base, pathOf(c.field), idValue(c.field, 2_000_000_000)) as object,
          };
          if (!DRAFTS.has(key)) {
            await expectRefusedAsNothing(caller, options, nothing, `ID_BODIES needs a valid body for ${key}`);
            continue;
          }
          const draft = await caller.call(options);
          if (REFUSED.includes(draft.json().code)) continue; // no permission for programs
          expect(draft.body.toLowerCase(), `${caller.name}: ${key} ${c.field}`).not.toContain(mark);
          const none = await caller.call(nothing);
          expect(draft.json().data, `${caller.name}: ${key} ${c.field}`).toEqual(none.json().data);
        }
      }
    }
    // The same bodies with A's own ids succeed (the owner's or the customer's): the foreign id
    // alone made each call above fail. Deletes last, so nothing else misses what they remove.
    const tried = cases
      .filter((c) => !NOT_TRIED[`${c.method} ${c.url}`])
      .sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    for (const c of tried) {
      const key = `${c.method} ${c.url}`;
      const options: InjectOptions = {
        method: c.method as InjectOptions['method'],
        url: ownPath(c.url),
        payload: ID_BODIES[key](own, c.field),
      };
      const answers: string[] = [];
      for (const who of ['owner', 'customer'] as const) {
        const response = await callers[who].call(options);
        answers.push(response.body);
        if (response.json().code === 220000) break;
      }
      expect(answers.at(-1), `${key} (${c.field}) with A's own ids: ${answers.join(' / ')}`).toContain(
        '"code":220000',
      );
    }
  }, 300_000);
});
