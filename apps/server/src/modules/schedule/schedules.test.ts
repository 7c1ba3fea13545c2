import {
  ContentType,
  DeviceStatus,
  ResultCode,
  Role,
  type ScheduleDetail,
  type ScheduleRequest,
  type ScheduleSummary,
} from '@vitrine/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, jobs, scheduleDevices, schedules } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildComposition, buildPlaylist } from '../../test/composition-factories';
import { buildContent } from '../../test/content-factories';
import { buildDevice, registerPlayer } from '../../test/device-factories';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';
import { PUBLISH_JOB, queuePublication } from './publish';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/schedule';

async function tenant() {
  const t = await buildTenant(app);
  const screen = await buildDevice(app, t.root, 'Lobby');
  const image = await buildContent(app, t.root, {
    name: 'Poster.png',
    mime: 'image/png',
    width: 1920,
    height: 1080,
  });
  return { ...t, call: await callAs(app, t.owner), screen: screen.row, image };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;
type Call = Tenant['call'];

const standard = (t: Tenant, extra: Partial<ScheduleRequest> = {}): ScheduleRequest => ({
  name: 'Morning',
  type: 'standard',
  device_ids: [t.screen.id],
  items: [{ content_id: t.image.id, duration: 5 }],
  start_date: '2026-01-01',
  end_date: '2099-12-31',
  frames: [{ start: '08:00', end: '12:00', rrule: 'FREQ=DAILY' }],
  ...extra,
});

const create = async (call: Call, payload: ScheduleRequest) => {
  const response = await call({ method: 'POST', url: URL, payload });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data as ScheduleDetail;
};

const act = (call: Call, id: number, action: string, payload: object = {}) =>
  call({ method: 'POST', url: `${URL}/${id}/${action}`, payload });

const refusal = (response: { json: () => { code: number; msg: string; data: unknown } }) => {
  const body = response.json();
  return { code: body.code, msg: body.msg, data: body.data };
};

async function setApproval(call: Call, needConfirm: boolean) {
  const response = await call({
    method: 'POST',
    url: `${URL}/config`,
    payload: { need_confirm: needConfirm },
  });
  expect(response.json(), response.body).toMatchObject({
    code: ResultCode.success,
    data: { need_confirm: needConfirm },
  });
}

describe('POST schedule', () => {
  it('makes a draft in the active workspace, with its items, devices and frames', async () => {
    const t = await tenant();
    const detail = await create(t.call, standard(t, { name: ' Morning ', priority: 7 }));
    expect(detail).toMatchObject({
      name: 'Morning',
      type: 'standard',
      state: 'draft',
      status: null,
      ntc: false,
      priority: 7,
      start_date: '2026-01-01',
      end_date: '2099-12-31',
      spot: null,
      device_count: 1,
      push: { pending: 0, success: 0, failed: 0, retried: 0 },
      reject_reason: null,
      workspace_id: t.root.id,
      creator_id: t.owner.id,
      exclude_holidays: true,
      frames: [{ start: '08:00', end: '12:00', rrule: 'FREQ=DAILY' }],
      items: [
        {
          content_id: t.image.id,
          name: 'Poster.png',
          type: ContentType.image,
          mime: 'image/png',
          width: 1920,
          height: 1080,
          duration: 5,
          seconds: 5,
        },
      ],
      program: null,
      devices: [
        { device_id: t.screen.id, name: 'Lobby', orientation: 0, push_status: null, pushed_at: null },
      ],
    });
    const audits = await t.call({ method: 'GET', url: `${URL}/${detail.id}/audits` });
    expect(audits.json().data.list.map((row: { action: string }) => row.action)).toEqual(['create']);
  });

  it('keeps a spot on its own date, without frames, and a program type without items', async () => {
    const t = await tenant();
    const spot = await create(
      t.call,
      standard(t, {
        type: 'insert',
        frames: [],
        spot: { start: '2030-05-06T10:30', minutes: 15 },
      }),
    );
    expect(spot).toMatchObject({
      start_date: '2030-05-06',
      end_date: '2030-05-06',
      frames: [],
      spot: { start: '2030-05-06T10:30', minutes: 15 },
    });
    const playlist = await buildPlaylist(app, t.root, 'Loop');
    const program = await create(
      t.call,
      standard(t, { type: 'playlist', program_id: playlist.id, items: [{ content_id: t.image.id }] }),
    );
    expect(program).toMatchObject({ items: [], program: { id: playlist.id, name: 'Loop', orientation: 0 } });
    // The preview: what it plays.
    const preview = await t.call({ method: 'GET', url: `${URL}/${program.id}/program` });
    expect(preview.json().code, preview.body).toBe(ResultCode.success);
    const itemPreview = await t.call({
      method: 'GET',
      url: `${URL}/${spot.id}/program`,
      query: { orientation: '90' },
    });
    expect(itemPreview.json().code, itemPreview.body).toBe(ResultCode.success);
    expect(itemPreview.json().data.kind).toBe('schedule');
    expect(
      (await t.call({ method: 'GET', url: `${URL}/${spot.id}/program`, query: { orientation: '45' } })).json()
        .code,
    ).toBe(ResultCode.validation);
  });

  it('submits at once when asked: pending, telling an owner who approves that the approval is theirs', async () => {
    const t = await tenant();
    const response = await t.call({ method: 'POST', url: URL, payload: standard(t, { submit: true }) });
    expect(response.json()).toMatchObject({
      code: ResultCode.success,
      msg: 'Scheduling successful! It is waiting for approval, which you can give yourself in the Approval list.',
      data: { state: 'pending', status: DeviceStatus.unconfirmed, ntc: true },
    });
  });

  it('refuses what the rules forbid, with the spec’s messages', async () => {
    const t = await tenant();
    const post = (payload: object) => t.call({ method: 'POST', url: URL, payload });
    const expectInvalid = async (payload: object, msg: string | RegExp, data: unknown = null) => {
      const response = await post(payload);
      expect(response.json().code, response.body).toBe(ResultCode.validation);
      expect(response.json().msg).toMatch(msg);
      if (data !== null) expect(response.json().data).toMatchObject(data as object);
    };
    await expectInvalid(
      standard(t, { start_date: '2099-02-01', end_date: '2099-01-01' }),
      'The start time must be earlier than the end time',
      { errors: [{ field: 'end_date' }] },
    );
    // Ended for every screen: refused, nothing stored.
    await expectInvalid(
      standard(t, { start_date: '2020-01-01', end_date: '2020-01-31', submit: true }),
      'The end date has passed: choose an end date from today on',
      { errors: [{ field: 'end_date' }] },
    );
    const yesterday = new Date(Date.now() - 36 * 3_600_000).toISOString().slice(0, 10);
    await expectInvalid(standard(t, { start_date: yesterday, end_date: yesterday }), /end date has passed/);
    await expectInvalid(standard(t, { device_ids: [] }), /Select at least one device/);
    await expectInvalid(standard(t, { items: [] }), /Select at least one content/);
    await expectInvalid(standard(t, { type: 'playlist', program_id: null }), /Select at least one content/);
    await expectInvalid(standard(t, { frames: [] }), /at least one time frame/);

    // Devices: not paired yet, licence expired.
    const expired = await buildDevice(app, t.root, 'Old', { status: DeviceStatus.expired });
    await expectInvalid(
      standard(t, { device_ids: [t.screen.id, expired.row.id] }),
      'Old: The device license has expired.',
      { field: 'device_ids', device_ids: [expired.row.id] },
    );
    const unpaired = await buildDevice(app, t.root, 'Fresh', {
      claimedAt: null,
      status: DeviceStatus.unconfirmed,
    });
    await expectInvalid(
      standard(t, { device_ids: [unpaired.row.id] }),
      /^Fresh: This device is not paired yet/,
    );

    // Orientation: a portrait screen and a landscape image.
    const portrait = await buildDevice(app, t.root, 'Tall', { orientation: 90 });
    await expectInvalid(
      standard(t, { device_ids: [portrait.row.id] }),
      'Tall: The device orientation must match the content',
      { field: 'items', device_ids: [portrait.row.id], content_ids: [t.image.id] },
    );
    // A portrait playlist on a landscape screen.
    const tall = await buildPlaylist(app, t.root, 'Tall list');
    await app.db.execute(`update playlists set orientation = 270 where id = ${tall.id}`);
    await expectInvalid(
      standard(t, { type: 'playlist', program_id: tall.id }),
      /Lobby: The device orientation/,
    );

    // Media formats the screen did not report.
    const picky = await buildDevice(app, t.root, 'Picky', { mediaTypes: ['video/mp4', 'image/jpeg'] });
    await expectInvalid(
      standard(t, { device_ids: [picky.row.id] }),
      'Picky: The media format is incompatible with the device.',
      { field: 'items', device_ids: [picky.row.id], content_ids: [t.image.id] },
    );
    // …also inside a playlist.
    const list = await buildPlaylist(app, t.root);
    await app.db.execute(
      `insert into playlist_items (playlist_id, position, content_id) values (${list.id}, 0, ${t.image.id})`,
    );
    await expectInvalid(
      standard(t, { type: 'playlist', program_id: list.id, device_ids: [picky.row.id] }),
      /^Picky: The media format/,
    );

    // Kinds: a template schedule holds mobile templates (H5) only; content must be ready.
    await expectInvalid(
      standard(t, { type: 'template' }),
      'Poster.png: this content cannot be played in this type of schedule',
    );
    const busy = await buildContent(app, t.root, {
      name: 'Busy.mp4',
      type: ContentType.video,
      state: 'processing',
    });
    await expectInvalid(
      standard(t, { items: [{ content_id: busy.id }] }),
      /^Busy.mp4: this content is still being processed/,
    );

    expect(await app.db.select().from(schedules).where(eq(schedules.companyId, t.company.id))).toEqual([]);
  });

  it('refuses devices, content and programs the caller does not see (404001) or of a workspace above the schedule’s (400001)', async () => {
    const t = await tenant();
    const other = await tenant();
    const post = (payload: object) => t.call({ method: 'POST', url: URL, payload });
    expect((await post(standard(t, { device_ids: [other.screen.id] }))).json().code).toBe(
      ResultCode.notFound,
    );
    expect((await post(standard(t, { items: [{ content_id: other.image.id }] }))).json().code).toBe(
      ResultCode.notFound,
    );
    const foreignList = await buildPlaylist(app, other.root);
    expect((await post(standard(t, { type: 'playlist', program_id: foreignList.id }))).json().code).toBe(
      ResultCode.notFound,
    );
    const foreignComposition = await buildComposition(app, other.root);
    expect(
      (await post(standard(t, { type: 'composition', program_id: foreignComposition.id }))).json().code,
    ).toBe(ResultCode.notFound);
    const binned = await buildContent(app, t.root, { deletedAt: new Date() });
    expect((await post(standard(t, { items: [{ content_id: binned.id }] }))).json().code).toBe(
      ResultCode.notFound,
    );

    // The owner in a sub-workspace cannot use the root's screen there.
    const sub = await buildWorkspace(app, t.company.id, t.root.id);
    const response = await t.call({
      method: 'POST',
      url: URL,
      payload: standard(t),
      headers: { 'workspace-id': String(sub.id) },
    });
    expect(refusal(response)).toMatchObject({
      code: ResultCode.validation,
      msg: expect.stringMatching(/own workspace/),
    });
  });
});

describe('approval', () => {
  it('goes draft → pending → approved, publishes to the devices, and records every step', async () => {
    const t = await tenant();
    const online = await buildDevice(app, t.root, 'Online', { status: DeviceStatus.online });
    const draft = await create(t.call, standard(t, { device_ids: [t.screen.id, online.row.id] }));
    const submitted = await act(t.call, draft.id, 'submit');
    expect(submitted.json()).toMatchObject({
      msg: expect.stringMatching(/give yourself/),
      data: { state: 'pending', approved_at: null },
    });
    expect((await act(t.call, draft.id, 'submit')).json().code).toBe(ResultCode.stateConflict);

    const sent = Date.now();
    const approved = (await act(t.call, draft.id, 'approve')).json();
    // The time the devices' resolver breaks ties of priority with (the later approval wins).
    expect(Date.parse(approved.data.approved_at)).toBeGreaterThanOrEqual(sent - 1_000);
    expect(approved.code, JSON.stringify(approved)).toBe(ResultCode.success);
    // It answered before its publication (and without its devices): none had been pushed to yet.
    expect(approved.data).toMatchObject({
      state: 'approved',
      status: DeviceStatus.online,
      ntc: false,
      device_count: 2,
      push: { pending: 0, success: 0, failed: 0, retried: 0 },
    });
    expect(approved.data).not.toHaveProperty('devices');
    // Published once answered: pending where the screen is online, failed where it is offline.
    const published = (await t.call({ method: 'GET', url: `${URL}/${draft.id}` })).json().data;
    expect(published).toMatchObject({ push: { pending: 1, failed: 1 } });
    expect(
      Object.fromEntries(
        (published as ScheduleDetail).devices.map((device) => [device.device_id, device.push_status]),
      ),
    ).toEqual({ [t.screen.id]: 'failed', [online.row.id]: 'pending' });
    const [job] = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, PUBLISH_JOB), sql`${jobs.payload}->>'scheduleId' = ${String(draft.id)}`));
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect((await act(t.call, draft.id, 'approve')).json().code).toBe(ResultCode.stateConflict);

    const audits = (await t.call({ method: 'GET', url: `${URL}/${draft.id}/audits` })).json().data.list;
    expect(audits.map((row: { action: string }) => row.action)).toEqual(['create', 'submit', 'approve']);
    expect(audits[2].user_name).toEqual(expect.any(String));

    // Withdrawn by the creator: off the screens, editable and submittable again.
    const withdrawn = (await act(t.call, draft.id, 'withdraw')).json();
    expect(withdrawn.data).toMatchObject({ state: 'withdrawn', status: null });
    expect((await act(t.call, draft.id, 'withdraw')).json().code).toBe(ResultCode.stateConflict);
    expect((await act(t.call, draft.id, 'submit')).json().data.state).toBe('pending');
  });

  it('leaves the publication to a job runner should the approving request not run it, and never publishes a schedule withdrawn meanwhile', async () => {
    const t = await tenant();
    const online = await buildDevice(app, t.root, 'Online', { status: DeviceStatus.online });
    const made = [
      await create(t.call, standard(t, { device_ids: [online.row.id], submit: true })),
      await create(t.call, standard(t, { device_ids: [online.row.id], submit: true, name: 'Evening' })),
    ];
    // Approved as the approval does, its process gone before it published (no request runs the job).
    const queued = await app.db.transaction(async (tx) => {
      await tx
        .update(schedules)
        .set({ state: 'approved', approvedAt: new Date() })
        .where(
          inArray(
            schedules.id,
            made.map((one) => one.id),
          ),
        );
      return Promise.all(made.map((one) => queuePublication(app, tx, one.id)));
    });
    // The second is withdrawn before any runner gets to it.
    expect((await act(t.call, made[1].id, 'withdraw')).json().code).toBe(ResultCode.success);
    await app.db.update(jobs).set({ runAt: sql`now()` }).where(inArray(jobs.id, queued));
    await app.jobs.runDue();
    const statuses = await app.db
      .select({ scheduleId: scheduleDevices.scheduleId, pushStatus: scheduleDevices.pushStatus })
      .from(scheduleDevices)
      .where(
        inArray(
          scheduleDevices.scheduleId,
          made.map((one) => one.id),
        ),
      )
      .orderBy(scheduleDevices.scheduleId);
    expect(statuses).toEqual([
      { scheduleId: made[0].id, pushStatus: 'pending' },
      { scheduleId: made[1].id, pushStatus: null },
    ]);
    const done = await app.db.select({ status: jobs.status }).from(jobs).where(inArray(jobs.id, queued));
    expect(done).toEqual([{ status: 'done' }, { status: 'done' }]);
  });

  it('checks the rules again on approval: a screen whose licence expired since is refused', async () => {
    const t = await tenant();
    const pending = await create(t.call, standard(t, { submit: true }));
    await app.db.update(devices).set({ status: DeviceStatus.expired }).where(eq(devices.id, t.screen.id));
    const refused = await act(t.call, pending.id, 'approve');
    expect(refused.json()).toMatchObject({
      code: ResultCode.validation,
      msg: 'Lobby: The device license has expired.',
      data: { field: 'device_ids', device_ids: [t.screen.id] },
    });
    expect((await t.call({ method: 'GET', url: `${URL}/${pending.id}` })).json().data.state).toBe('pending');
  });

  it('rejects with a reason, which the creator sees; a reason is required', async () => {
    const t = await tenant();
    const pending = await create(t.call, standard(t, { submit: true }));
    const missing = await act(t.call, pending.id, 'reject', { reason: '  ' });
    expect(refusal(missing)).toMatchObject({
      code: ResultCode.validation,
      msg: expect.stringMatching(/reason/),
    });
    const rejected = (await act(t.call, pending.id, 'reject', { reason: 'Wrong logo' })).json();
    expect(rejected.data).toMatchObject({
      state: 'rejected',
      status: DeviceStatus.rejected,
      reject_reason: 'Wrong logo',
    });
    expect((await act(t.call, pending.id, 'approve')).json().code).toBe(ResultCode.stateConflict);
    const audits = (await t.call({ method: 'GET', url: `${URL}/${pending.id}/audits` })).json().data.list;
    expect(audits.at(-1)).toMatchObject({ action: 'reject', reason: 'Wrong logo' });
    // Edited and submitted again: the reason goes.
    const again = await t.call({
      method: 'PUT',
      url: `${URL}/${pending.id}`,
      payload: standard(t, { submit: true }),
    });
    expect(again.json().data).toMatchObject({ state: 'pending', reject_reason: null });
  });

  it('lets a user create and submit but not approve; the admin of the workspace sees ntc and the dot', async () => {
    const t = await tenant();
    const space = await buildWorkspace(app, t.company.id, t.root.id);
    const screen = await buildDevice(app, space, 'Desk');
    const image = await buildContent(app, space, { width: 1280, height: 720 });
    const user = await buildMember(app, space, Role.user);
    const admin = await buildMember(app, space, Role.userAdmin);
    const asUser = await callAs(app, user);
    const asAdmin = await callAs(app, admin);
    const payload = standard(t, {
      device_ids: [screen.row.id],
      items: [{ content_id: image.id }],
      submit: true,
    });
    const created = await asUser({ method: 'POST', url: URL, payload });
    // Who may not approve is told an administrator will (spec 001 §4).
    expect(created.json().msg).toBe(
      'Scheduling successful! The advertising plans will be finalized once approved by your administrator.',
    );
    const mine = created.json().data as ScheduleDetail;
    expect(mine).toMatchObject({ state: 'pending', ntc: false, creator_id: user.id });
    expect((await act(asUser, mine.id, 'approve')).json().code).toBe(ResultCode.permission);
    expect((await asUser({ method: 'GET', url: `${URL}/pending-count` })).json().data).toEqual({
      count: 0,
      pending: 0,
      content_pending: 0,
      rejected: 0,
      push_failed: 0,
      notices: [],
    });

    const list = (await asAdmin({ method: 'GET', url: URL, query: { ntc: 'true' } })).json().data;
    expect(list.list.map((row: ScheduleSummary) => [row.id, row.ntc])).toEqual([[mine.id, true]]);
    expect((await asAdmin({ method: 'GET', url: `${URL}/pending-count` })).json().data).toMatchObject({
      count: 1,
      pending: 1,
    });
    expect((await asUser({ method: 'GET', url: URL, query: { ntc: 'true' } })).json().data.total).toBe(0);
    expect((await asAdmin({ method: 'GET', url: URL, query: { ntc: 'false' } })).json().data.total).toBe(1);

    // Rejected: it counts on the creator's dot, told with the reason in the creator's language.
    await act(asAdmin, mine.id, 'reject', { reason: 'No' });
    const rejected = (await asUser({ method: 'GET', url: `${URL}/pending-count` })).json().data;
    expect(rejected).toMatchObject({
      count: 1,
      rejected: 1,
      notices: [
        { schedule_id: mine.id, name: mine.name, message: 'The schedule was rejected', reason: 'No' },
      ],
    });
    const german = await asUser({
      method: 'GET',
      url: `${URL}/pending-count`,
      headers: { 'accept-language': 'de' },
    });
    expect(german.json().data.notices[0].message).not.toBe('The schedule was rejected');
    // The approver is not told of another's rejection.
    expect((await asAdmin({ method: 'GET', url: `${URL}/pending-count` })).json().data.notices).toEqual([]);
    // Approved with a screen that did not receive it: push failed on the creator's dot.
    await act(asUser, mine.id, 'submit');
    await act(asAdmin, mine.id, 'approve');
    expect((await asUser({ method: 'GET', url: `${URL}/pending-count` })).json().data).toMatchObject({
      count: 1,
      push_failed: 1,
      notices: [{ schedule_id: mine.id, message: 'Push failed', reason: null }],
    });
  });

  it('marks a pending schedule reviewing when an approver opens it; others see who reviews it', async () => {
    const t = await tenant();
    const admin = await buildMember(app, t.root, Role.userAdmin);
    const asAdmin = await callAs(app, admin);
    const draft = await create(t.call, standard(t));
    // Only pending schedules are reviewed.
    expect((await act(t.call, draft.id, 'review')).json().code).toBe(ResultCode.stateConflict);
    await act(t.call, draft.id, 'submit');
    const reviewing = (await act(asAdmin, draft.id, 'review')).json();
    expect(reviewing.data).toMatchObject({
      state: 'reviewing',
      status: DeviceStatus.unconfirmed,
      reviewer_id: admin.id,
      reviewer_name: expect.any(String),
    });
    // Another approver opening it leaves the reviewer; it still waits on the approval list and the dot.
    const again = (await act(t.call, draft.id, 'review')).json();
    expect(again.data).toMatchObject({ state: 'reviewing', reviewer_id: admin.id, ntc: true });
    const waiting = (await t.call({ method: 'GET', url: URL, query: { ntc: 'true' } })).json().data;
    expect(waiting.list.map((row: ScheduleSummary) => row.id)).toEqual([draft.id]);
    expect((await t.call({ method: 'GET', url: `${URL}/pending-count` })).json().data).toMatchObject({
      pending: 1,
    });
    const rejected = (await act(t.call, draft.id, 'reject', { reason: 'Too dark' })).json();
    expect(rejected.data).toMatchObject({ state: 'rejected', reviewer_id: null, reject_reason: 'Too dark' });
    await act(t.call, draft.id, 'submit');
    await act(asAdmin, draft.id, 'review');
    // Edited while reviewing: pending again, for its approver to open anew.
    const edited = await t.call({ method: 'PUT', url: `${URL}/${draft.id}`, payload: standard(t) });
    expect(edited.json().data).toMatchObject({ state: 'pending', reviewer_id: null });
    await act(asAdmin, draft.id, 'review');
    const approved = (await act(asAdmin, draft.id, 'approve')).json();
    expect(approved.data).toMatchObject({ state: 'approved', reviewer_id: null });
    const audits = (await t.call({ method: 'GET', url: `${URL}/${draft.id}/audits` })).json().data.list;
    expect(audits.map((row: { action: string }) => row.action)).toEqual([
      'create',
      'submit',
      'review',
      'reject',
      'submit',
      'review',
      'update',
      'review',
      'approve',
    ]);
  });

  it('lets only the creator withdraw', async () => {
    const t = await tenant();
    const user = await buildMember(app, t.root, Role.user);
    const other = await buildMember(app, t.root, Role.user);
    const asUser = await callAs(app, user);
    const pending = (
      await asUser({ method: 'POST', url: URL, payload: standard(t, { submit: true }) })
    ).json().data as ScheduleDetail;
    expect((await act(await callAs(app, other), pending.id, 'withdraw')).json().code).toBe(
      ResultCode.permission,
    );
    expect((await act(t.call, pending.id, 'withdraw')).json().code).toBe(ResultCode.permission);
    await act(t.call, pending.id, 'review');
    const withdrawn = (await act(asUser, pending.id, 'withdraw')).json();
    expect(withdrawn.data).toMatchObject({ state: 'withdrawn', reviewer_id: null });
  });

  it('refuses content that is not approved, naming it', async () => {
    const t = await tenant();
    const waiting = await buildContent(app, t.root, { name: 'Draft.png', approvalState: 'pending' });
    const refused = await t.call({
      method: 'POST',
      url: URL,
      payload: standard(t, { items: [{ content_id: waiting.id, duration: 5 }] }),
    });
    expect(refusal(refused)).toEqual({
      code: ResultCode.validation,
      msg: 'Draft.png has not been approved yet, so it cannot be scheduled or added',
      data: { field: 'items', content_ids: [waiting.id] },
    });
  });

  it('with approval off, a submit approves and publishes at once, by the submitter', async () => {
    const t = await tenant();
    await setApproval(t.call, false);
    const user = await buildMember(app, t.root, Role.user);
    const asUser = await callAs(app, user);
    const response = await asUser({ method: 'POST', url: URL, payload: standard(t, { submit: true }) });
    expect(response.json()).toMatchObject({
      msg: 'Scheduling successful! The schedule is live on the chosen screens.',
      data: { state: 'approved', status: DeviceStatus.online, push: { failed: 1 } },
    });
    const [row] = await app.db.select().from(schedules).where(eq(schedules.id, response.json().data.id));
    expect(row.approvedBy).toBe(user.id);
    // Editing it publishes it again at once.
    const edited = await asUser({
      method: 'PUT',
      url: `${URL}/${row.id}`,
      payload: standard(t, { name: 'Edited' }),
    });
    expect(edited.json().data).toMatchObject({ name: 'Edited', state: 'approved' });
    await setApproval(t.call, true);
    // A user may not switch approval.
    const denied = await asUser({ method: 'POST', url: `${URL}/config`, payload: { need_confirm: false } });
    expect(denied.json().code).toBe(ResultCode.permission);
  });

  it('puts an edited approved schedule back to pending, keeping the push status of the devices that stay', async () => {
    const t = await tenant();
    const second = await buildDevice(app, t.root, 'Second');
    const detail = await create(
      t.call,
      standard(t, { device_ids: [t.screen.id, second.row.id], submit: true }),
    );
    await act(t.call, detail.id, 'approve');
    const edited = await t.call({
      method: 'PUT',
      url: `${URL}/${detail.id}`,
      payload: standard(t, { device_ids: [t.screen.id], name: 'Changed' }),
    });
    expect(edited.json().data).toMatchObject({ name: 'Changed', state: 'pending', device_count: 1 });
    const rows = await app.db.select().from(scheduleDevices).where(eq(scheduleDevices.scheduleId, detail.id));
    expect(rows).toEqual([
      expect.objectContaining({ deviceId: t.screen.id, pushStatus: 'failed', pushAttempts: 1 }),
    ]);
    const audits = (await t.call({ method: 'GET', url: `${URL}/${detail.id}/audits` })).json().data.list;
    expect(audits.map((row: { action: string }) => row.action)).toEqual([
      'create',
      'submit',
      'approve',
      'update',
      'submit',
    ]);
  });
});

describe('GET schedule', () => {
  it('filters by state, type, device and keyword, sorts, pages and counts', async () => {
    const t = await tenant();
    const other = await buildDevice(app, t.root, 'Other');
    const a = await create(t.call, standard(t, { name: 'Alpha', priority: 2 }));
    const b = await create(
      t.call,
      standard(t, { name: 'Beta', priority: 9, device_ids: [other.row.id], submit: true }),
    );
    const list = async (query: Record<string, string>) =>
      (await t.call({ method: 'GET', url: URL, query })).json().data as {
        list: ScheduleSummary[];
        total: number;
      };
    expect((await list({})).list.map((row) => row.id)).toEqual([b.id, a.id]);
    expect((await list({ sort: 'priority,asc' })).list.map((row) => row.id)).toEqual([a.id, b.id]);
    expect((await list({ state: 'pending' })).list.map((row) => row.id)).toEqual([b.id]);
    expect((await list({ type: 'insert' })).total).toBe(0);
    expect((await list({ device_id: String(other.row.id) })).list.map((row) => row.id)).toEqual([b.id]);
    expect((await list({ keyword: 'alp' })).list.map((row) => row.id)).toEqual([a.id]);
    const paged = await list({ page: '2', page_size: '1' });
    expect(paged).toMatchObject({ total: 2, list: [{ id: a.id }] });
    expect((await t.call({ method: 'GET', url: URL, query: { state: 'bogus' } })).json().code).toBe(
      ResultCode.validation,
    );
  });

  it('neither submits nor approves a stored schedule whose end has passed while it waited', async () => {
    const t = await tenant();
    const draft = await create(t.call, standard(t));
    const waiting = await create(t.call, standard(t, { name: 'Waiting', submit: true }));
    await app.db
      .update(schedules)
      .set({ startDate: '2020-01-01', endDate: '2020-01-31' })
      .where(inArray(schedules.id, [draft.id, waiting.id]));
    for (const [id, action] of [
      [draft.id, 'submit'],
      [waiting.id, 'approve'],
    ] as const) {
      const refused = (await act(t.call, id, action)).json();
      expect(refused).toMatchObject({
        code: ResultCode.validation,
        msg: 'The end date has passed: choose an end date from today on',
        data: { field: 'end_date' },
      });
    }
    const states = await app.db
      .select({ state: schedules.state })
      .from(schedules)
      .where(inArray(schedules.id, [draft.id, waiting.id]))
      .orderBy(schedules.id);
    expect(states.map((row) => row.state)).toEqual(['draft', 'pending']);
  });

  it('takes an end date of today wherever a screen still lives in it', async () => {
    const t = await tenant();
    const today = new Date().toISOString().slice(0, 10);
    await create(t.call, standard(t, { start_date: today, end_date: today }));
  });

  it('marks an approved schedule whose end passed as ended (5)', async () => {
    const t = await tenant();
    const old = await create(t.call, standard(t, { submit: true }));
    await act(t.call, old.id, 'approve');
    // Past dates are refused on save: this one ran out after it was approved.
    await app.db
      .update(schedules)
      .set({ startDate: '2020-01-01', endDate: '2020-01-31' })
      .where(eq(schedules.id, old.id));
    const detail = (await t.call({ method: 'GET', url: `${URL}/${old.id}` })).json().data;
    expect(detail.status).toBe(DeviceStatus.expired);
  });
});

describe('DELETE schedule', () => {
  it('deletes one or many in scope, refusing all when any id is not (404001)', async () => {
    const t = await tenant();
    const other = await tenant();
    const a = await create(t.call, standard(t));
    const b = await create(t.call, standard(t, { submit: true }));
    await act(t.call, b.id, 'approve');
    const c = await create(t.call, standard(t));
    const foreign = await create(other.call, standard(other));
    const refused = await t.call({ method: 'DELETE', url: URL, payload: { ids: [a.id, foreign.id] } });
    expect(refused.json().code).toBe(ResultCode.notFound);
    expect((await t.call({ method: 'GET', url: `${URL}/${a.id}` })).json().code).toBe(ResultCode.success);
    expect((await t.call({ method: 'DELETE', url: URL, payload: { ids: [a.id, b.id] } })).json().code).toBe(
      ResultCode.success,
    );
    expect((await t.call({ method: 'DELETE', url: `${URL}/${c.id}` })).json().code).toBe(ResultCode.success);
    expect((await t.call({ method: 'GET', url: URL })).json().data.total).toBe(0);
    expect((await t.call({ method: 'DELETE', url: `${URL}/${foreign.id}` })).json().code).toBe(
      ResultCode.notFound,
    );
  });
});

describe('what schedules use', () => {
  it('keeps content, playlists and workspaces in use, and withdraws a schedule left with nothing to play', async () => {
    const t = await tenant();
    const detail = await create(t.call, standard(t, { submit: true }));
    await act(t.call, detail.id, 'approve');
    const refused = await t.call({
      method: 'DELETE',
      url: '/backend/manager/resource',
      payload: { ids: [t.image.id] },
    });
    expect(refused.json()).toMatchObject({
      code: ResultCode.inUse,
      data: { uses: [{ kind: 'schedule', id: detail.id, name: 'Morning' }] },
    });
    const detached = await t.call({
      method: 'DELETE',
      url: '/backend/manager/resource',
      payload: { ids: [t.image.id], detach: true },
    });
    expect(detached.json().code, detached.body).toBe(ResultCode.success);
    const after = (await t.call({ method: 'GET', url: `${URL}/${detail.id}` })).json().data;
    expect(after).toMatchObject({ state: 'withdrawn', items: [] });

    const playlist = await buildPlaylist(app, t.root);
    const program = await create(t.call, standard(t, { type: 'playlist', program_id: playlist.id }));
    const inUse = await t.call({
      method: 'DELETE',
      url: '/backend/manager/playlist',
      payload: { ids: [playlist.id] },
    });
    expect(inUse.json()).toMatchObject({
      code: ResultCode.inUse,
      data: { uses: [{ kind: 'schedule', id: program.id }] },
    });

    // A workspace holding a schedule is not deleted.
    const sub = await buildWorkspace(app, t.company.id, t.root.id);
    const image = await buildContent(app, sub, { width: 1920, height: 1080 });
    const inSub = await t.call({
      method: 'POST',
      url: URL,
      payload: standard(t, {
        items: [{ content_id: image.id }],
        device_ids: [(await buildDevice(app, sub)).row.id],
      }),
      headers: { 'workspace-id': String(sub.id) },
    });
    expect(inSub.json().code, inSub.body).toBe(ResultCode.success);
    await app.db.execute(`delete from contents where workspace_id = ${sub.id} and id <> ${image.id}`);
    const workspaceDelete = await t.call({
      method: 'DELETE',
      url: `/backend/manager/account/workspace/${sub.id}`,
    });
    expect(workspaceDelete.json()).toMatchObject({
      code: ResultCode.inUse,
      data: { blockers: expect.arrayContaining(['schedules']) },
    });
  });
});

/** A landscape MP4 of this many seconds. */
const landscapeVideo = (t: Tenant, duration: number) =>
  buildContent(app, t.root, {
    name: 'Clip.mp4',
    type: ContentType.video,
    mime: 'video/mp4',
    width: 1920,
    height: 1080,
    duration,
  });

describe('sync play', () => {
  it('refuses unequal play durations with the spec’s message, on the item’s duration, keeping the content chosen', async () => {
    const t = await tenant();
    const second = await buildContent(app, t.root, {
      name: 'Second.png',
      mime: 'image/png',
      width: 1920,
      height: 1080,
    });
    const clip = await landscapeVideo(t, 12.5);
    const post = (items: ScheduleRequest['items']) =>
      t.call({ method: 'POST', url: URL, payload: standard(t, { type: 'sync', items }) });
    const unequal = [
      // Durations set, unequal.
      [
        { content_id: t.image.id, duration: 5 },
        { content_id: second.id, duration: 6 },
      ],
      // A video's own length (12.5 s) against the default (10 s).
      [{ content_id: clip.id }, { content_id: t.image.id }],
      // Within a millisecond is the same; two are not.
      [
        { content_id: t.image.id, duration: 5 },
        { content_id: second.id, duration: 5 },
        { content_id: clip.id, duration: 5.002 },
      ],
    ];
    const at = ['items.1.duration', 'items.1.duration', 'items.2.duration'];
    for (const [index, items] of unequal.entries()) {
      expect(refusal(await post(items))).toEqual({
        code: ResultCode.validation,
        msg: 'A sync schedule must be a standard schedule with equal play duration and equal interval.',
        data: { field: at[index] },
      });
    }
    // In the caller's language.
    const german = await t.call({
      method: 'POST',
      url: URL,
      payload: standard(t, { type: 'sync', items: unequal[0] }),
      headers: { 'accept-language': 'de' },
    });
    expect(german.json().msg).toBe(
      'Ein synchroner Zeitplan muss ein Standardzeitplan mit gleicher Wiedergabedauer und gleichem Intervall sein.',
    );
    // Only images and videos have a timeline every screen can follow.
    const site = await buildContent(app, t.root, { name: 'Site', type: ContentType.website });
    expect(refusal(await post([{ content_id: site.id, duration: 5 }])).msg).toBe(
      'Site: this content cannot be played in this type of schedule',
    );
    // The orientation rule holds for sync schedules too.
    const portrait = await buildDevice(app, t.root, 'Tall', { orientation: 90 });
    const tall = await t.call({
      method: 'POST',
      url: URL,
      payload: standard(t, { type: 'sync', device_ids: [portrait.row.id] }),
    });
    expect(refusal(tall)).toMatchObject({
      code: ResultCode.validation,
      msg: 'Tall: The device orientation must match the content',
    });
    expect(await app.db.select().from(schedules).where(eq(schedules.companyId, t.company.id))).toEqual([]);

    // Equal: a video's own 12.5 s, and an image set to 12.5 s.
    const ok = await post([{ content_id: clip.id }, { content_id: t.image.id, duration: 12.5 }]);
    expect(ok.json().code, ok.body).toBe(ResultCode.success);
    expect(ok.json().data).toMatchObject({ type: 'sync', items: [{ seconds: 12.5 }, { seconds: 12.5 }] });
  });

  it('checks equal durations again on approval: a video’s length learnt since counts', async () => {
    const t = await tenant();
    const clip = await landscapeVideo(t, 10);
    const made = await create(
      t.call,
      standard(t, { type: 'sync', items: [{ content_id: clip.id }, { content_id: t.image.id }] }),
    );
    await app.db.execute(`update contents set duration = 11 where id = ${clip.id}`);
    const submitted = await act(t.call, made.id, 'submit');
    expect(refusal(submitted)).toMatchObject({
      code: ResultCode.validation,
      msg: 'A sync schedule must be a standard schedule with equal play duration and equal interval.',
    });
  });
});

describe('player info', () => {
  it('keeps the media types a player reports', async () => {
    const { row, token } = await registerPlayer(app, { media_types: ['video/mp4', 'image/png'] });
    expect(row.mediaTypes).toEqual(['video/mp4', 'image/png']);
    await app.inject({
      method: 'POST',
      url: '/backend/player/hello',
      payload: { token, info: { media_types: ['image/png'] } },
    });
    const [again] = await app.db.select().from(devices).where(eq(devices.id, row.id));
    expect(again.mediaTypes).toEqual(['image/png']);
  });
});
