import { type ContentItem, ResultCode, Role } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { buildMember, buildTenant, callAs } from '../../test/team-factories';

// Content approval (spec 001 §4) through the routes: who waits for approval, the reviewing state,
// rejection with a reason, the creator's withdraw and resubmit, and what unapproved content may not join.

let app: FastifyInstance;
beforeAll(async () => {
  // Streams are made without fetching them; the allow list lets their host be 127.0.0.1.
  app = await buildTestApp({ contentHostAllowList: ['127.0.0.1'] });
});

const RESOURCE = '/backend/manager/resource';
const STREAM = `${RESOURCE}/stream`;
type Call = Awaited<ReturnType<typeof callAs>>;

async function tenant() {
  const t = await buildTenant(app);
  const user = await buildMember(app, t.root, Role.user);
  return { ...t, user, asOwner: await callAs(app, t.owner), asUser: await callAs(app, user) };
}

async function stream(call: Call, name: string): Promise<ContentItem> {
  const response = await call({
    method: 'POST',
    url: STREAM,
    payload: { name, link: 'http://127.0.0.1:8080/live/index.m3u8' },
  });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data;
}

const act = (call: Call, id: number, action: string, payload: object = {}) =>
  call({ method: 'POST', url: `${RESOURCE}/${id}/${action}`, payload });

const detail = async (call: Call, id: number) =>
  (await call({ method: 'GET', url: `${RESOURCE}/${id}` })).json().data as ContentItem;

describe('content approval', () => {
  it('makes what a user adds wait for approval, an approver’s approved at once, and everyone’s with approval off', async () => {
    const t = await tenant();
    expect(await stream(t.asUser, 'Mine')).toMatchObject({
      approval_state: 'pending',
      reviewer_id: null,
      reject_reason: null,
    });
    expect((await stream(t.asOwner, 'Owner’s')).approval_state).toBe('approved');
    const off = await t.asOwner({
      method: 'POST',
      url: '/backend/manager/schedule/config',
      payload: { need_confirm: false },
    });
    expect(off.json().code).toBe(ResultCode.success);
    expect((await stream(t.asUser, 'Free')).approval_state).toBe('approved');
  });

  it('goes pending → reviewing → rejected (with the reason) → resubmitted → approved, each step by whom it belongs to', async () => {
    const t = await tenant();
    const other = await callAs(app, await buildMember(app, t.root, Role.user));
    const item = await stream(t.asUser, 'Promo');

    // The approval list and the dot: approvers only.
    const list = (await t.asOwner({ method: 'GET', url: `${RESOURCE}/approvals` })).json().data;
    expect(list.list.map((row: ContentItem) => row.id)).toEqual([item.id]);
    expect((await t.asUser({ method: 'GET', url: `${RESOURCE}/approvals` })).json().code).toBe(
      ResultCode.permission,
    );
    const dot = await t.asOwner({ method: 'GET', url: '/backend/manager/schedule/pending-count' });
    expect(dot.json().data).toMatchObject({ count: 1, pending: 0, content_pending: 1 });
    expect((await act(t.asUser, item.id, 'review')).json().code).toBe(ResultCode.permission);

    // Opened by the owner: reviewing, and the creator sees by whom.
    const reviewing = (await act(t.asOwner, item.id, 'review')).json().data;
    expect(reviewing).toMatchObject({ approval_state: 'reviewing', reviewer_id: t.owner.id });
    expect(await detail(t.asUser, item.id)).toMatchObject({
      approval_state: 'reviewing',
      reviewer_name: reviewing.reviewer_name,
    });
    expect(reviewing.reviewer_name).toEqual(expect.any(String));

    // A reason is required; the creator sees it.
    const blank = await act(t.asOwner, item.id, 'reject', { reason: ' ' });
    expect(blank.json()).toMatchObject({ code: ResultCode.validation, msg: expect.stringMatching(/reason/) });
    const rejected = (await act(t.asOwner, item.id, 'reject', { reason: 'Blurry logo' })).json().data;
    expect(rejected).toMatchObject({ approval_state: 'rejected', reviewer_id: null });
    expect(await detail(t.asUser, item.id)).toMatchObject({
      approval_state: 'rejected',
      reject_reason: 'Blurry logo',
    });
    expect((await act(t.asOwner, item.id, 'approve')).json().code).toBe(ResultCode.stateConflict);

    // Edited by its creator: still rejected until submitted; only the creator submits.
    const renamed = await t.asUser({
      method: 'PATCH',
      url: `${RESOURCE}/${item.id}`,
      payload: { name: 'Promo 2' },
    });
    expect(renamed.json().data).toMatchObject({ name: 'Promo 2', approval_state: 'rejected' });
    expect((await act(other, item.id, 'submit')).json().code).toBe(ResultCode.permission);
    expect((await act(t.asOwner, item.id, 'submit')).json().code).toBe(ResultCode.permission);
    const resubmitted = (await act(t.asUser, item.id, 'submit')).json().data;
    expect(resubmitted).toMatchObject({ approval_state: 'pending', reject_reason: null });
    expect((await act(t.asUser, item.id, 'submit')).json().code).toBe(ResultCode.stateConflict);

    // Only the creator withdraws; withdrawn, it is submitted again.
    expect((await act(other, item.id, 'withdraw')).json().code).toBe(ResultCode.permission);
    expect((await act(t.asOwner, item.id, 'withdraw')).json().code).toBe(ResultCode.permission);
    expect((await act(t.asUser, item.id, 'withdraw')).json().data.approval_state).toBe('withdrawn');
    expect((await act(t.asOwner, item.id, 'review')).json().code).toBe(ResultCode.stateConflict);
    expect((await act(t.asUser, item.id, 'submit')).json().data.approval_state).toBe('pending');

    const approved = (await act(t.asOwner, item.id, 'approve')).json().data;
    expect(approved).toMatchObject({ approval_state: 'approved', reviewer_id: null, reject_reason: null });
    expect((await t.asOwner({ method: 'GET', url: `${RESOURCE}/approvals` })).json().data.total).toBe(0);
    expect((await act(t.asUser, item.id, 'withdraw')).json().code).toBe(ResultCode.stateConflict);

    // Approved content edited by a user who needs approval waits again.
    const edited = await t.asUser({
      method: 'PATCH',
      url: `${STREAM}/${item.id}`,
      payload: { name: 'Promo 3', link: 'http://127.0.0.1:8080/live/other.m3u8' },
    });
    expect(edited.json().data).toMatchObject({ name: 'Promo 3', approval_state: 'pending' });
    // The owner's edit of approved content keeps it approved.
    const own = await stream(t.asOwner, 'Owner’s');
    const ownEdit = await t.asOwner({
      method: 'PATCH',
      url: `${RESOURCE}/${own.id}`,
      payload: { name: 'Owner 2' },
    });
    expect(ownEdit.json().data.approval_state).toBe('approved');
  });

  it('keeps unapproved content out of playlists and compositions, naming it', async () => {
    const t = await tenant();
    const waiting = await buildContent(app, t.root, { name: 'Waiting.png', approvalState: 'reviewing' });
    const playlist = await t.asOwner({
      method: 'POST',
      url: '/backend/manager/playlist',
      payload: { name: 'L', items: [{ content_id: waiting.id }] },
    });
    expect(playlist.json()).toMatchObject({
      code: ResultCode.validation,
      msg: 'Waiting.png has not been approved yet, so it cannot be scheduled or added',
    });
    const composition = await t.asOwner({
      method: 'POST',
      url: '/backend/manager/composition',
      payload: {
        name: 'C',
        width: 1920,
        height: 1080,
        zones: [
          { kind: 'media', name: 'Main', x: 0, y: 0, width: 1920, height: 960, content_id: waiting.id },
        ],
      },
    });
    expect(composition.json()).toMatchObject({
      code: ResultCode.validation,
      msg: expect.stringMatching(/Waiting\.png has not been approved yet/),
    });
  });

  it('answers 404001 for another tenant’s content on every approval route', async () => {
    const t = await tenant();
    const them = await tenant();
    const theirs = await stream(them.asUser, 'Theirs');
    for (const action of ['review', 'approve', 'submit', 'withdraw']) {
      expect((await act(t.asOwner, theirs.id, action)).json().code, action).toBe(ResultCode.notFound);
    }
    const reject = await act(t.asOwner, theirs.id, 'reject', { reason: 'No' });
    expect(reject.json().code).toBe(ResultCode.notFound);
    const list = (await t.asOwner({ method: 'GET', url: `${RESOURCE}/approvals` })).json().data;
    expect(list.total).toBe(0);
    expect((await detail(them.asUser, theirs.id)).approval_state).toBe('pending');
  });
});
