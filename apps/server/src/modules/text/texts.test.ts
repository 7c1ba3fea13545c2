import { ResultCode, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentTexts } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildComposition, buildFont, buildPlaylist, buildText } from '../../test/composition-factories';
import { buildDevice } from '../../test/device-factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { closePlayers, connectPlayer, settled, showByDefault } from '../../test/player-sockets';
import { addItems, addZones } from '../../test/program-factories';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/text';

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, call: await callAs(app, t.owner) };
}

type Call = Awaited<ReturnType<typeof tenant>>['call'];

const create = async (call: Call, payload: object) => {
  const response = await call({ method: 'POST', url: URL, payload });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data;
};

describe('POST text', () => {
  it('creates a text in the active workspace, with defaults for what is left out', async () => {
    const t = await tenant();
    const text = await create(t.call, { title: ' Opening hours ', content: ' Open 9–17 ' });
    expect(text).toEqual({
      id: expect.any(Number),
      title: 'Opening hours',
      content: 'Open 9–17',
      position: 'bottom',
      direction: 'left',
      speed: 5,
      color: '#ffffff',
      background_color: '#000000',
      font_size: 48,
      font_id: null,
      font_family: null,
      font_url: null,
      creator_name: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await app.db.select().from(contentTexts).where(eq(contentTexts.id, text.id));
    expect(row).toMatchObject({ companyId: t.company.id, workspaceId: t.root.id, creatorId: t.owner.id });

    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const there = await t.call({
      method: 'POST',
      url: URL,
      headers: { 'workspace-id': String(a1.id) },
      payload: {
        title: 'Sale',
        content: 'تخفيضات اليوم',
        position: 'top',
        direction: 'right',
        speed: 10,
        color: '#FF0000',
        background_color: 'transparent',
        font_size: 200,
      },
    });
    expect(there.json().data).toMatchObject({
      position: 'top',
      direction: 'right',
      speed: 10,
      color: '#ff0000',
      background_color: 'transparent',
      font_size: 200,
    });
    const [other] = await app.db.select().from(contentTexts).where(eq(contentTexts.id, there.json().data.id));
    expect(other.workspaceId).toBe(a1.id);
  });

  it('refuses bad input with the contract’s messages and stores nothing', async () => {
    const t = await tenant();
    const good = { title: 'T', content: 'C' };
    const cases: [object, string][] = [
      [{ content: 'C' }, 'Please input the name'],
      [{ ...good, title: 'x'.repeat(65) }, 'Names can be at most 64 characters long'],
      [{ title: 'T' }, 'Please input the text'],
      [{ ...good, content: '   ' }, 'Please input the text'],
      [{ ...good, content: 'x'.repeat(257) }, 'Text can be at most 256 characters long'],
      [{ ...good, position: 'left' }, 'Choose top, middle or bottom'],
      [{ ...good, direction: 'sideways' }, 'Choose left, right, up or down'],
      [{ ...good, speed: 0 }, 'The speed is a whole number from 1 to 10'],
      [{ ...good, speed: 11 }, 'The speed is a whole number from 1 to 10'],
      [{ ...good, speed: 2.5 }, 'The speed is a whole number from 1 to 10'],
      [{ ...good, font_size: 11 }, 'The font size is a whole number of pixels from 12 to 200'],
      [{ ...good, font_size: 201 }, 'The font size is a whole number of pixels from 12 to 200'],
      [{ ...good, color: 'red' }, 'Please input a color in the form #rrggbb'],
      [{ ...good, color: 'transparent' }, 'Please input a color in the form #rrggbb'],
      [{ ...good, background_color: '#12345' }, 'Please input a color in the form #rrggbb'],
    ];
    const before = await databaseFingerprint(app.db);
    for (const [payload, msg] of cases) {
      const response = await t.call({ method: 'POST', url: URL, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const { code, data } = response.json();
      expect(code).toBe(ResultCode.validation);
      expect(
        data.errors.map((error: { message: string }) => error.message),
        JSON.stringify(payload),
      ).toEqual([msg]);
    }
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});

describe('GET text', () => {
  it('lists the texts in scope with keyword over title and content, sort and pages', async () => {
    const t = await tenant();
    const alpha = await create(t.call, { title: 'Alpha', content: 'Morning coffee 50% off' });
    const beta = await create(t.call, { title: 'Beta', content: 'Evening' });
    const gamma = await create(t.call, { title: 'Gamma coffee', content: 'Night' });
    const list = async (query: Record<string, string>) => {
      const response = await t.call({ method: 'GET', url: URL, query });
      expect(response.json().code, response.body).toBe(ResultCode.success);
      const data = response.json().data;
      return { ids: data.list.map((item: { id: number }) => item.id), total: data.total };
    };
    expect(await list({})).toEqual({ ids: [gamma.id, beta.id, alpha.id], total: 3 });
    expect(await list({ keyword: 'COFFEE', sort: 'title,asc' })).toEqual({
      ids: [alpha.id, gamma.id],
      total: 2,
    });
    expect(await list({ keyword: '50%' })).toEqual({ ids: [alpha.id], total: 1 });
    expect(await list({ keyword: '5_%' })).toEqual({ ids: [], total: 0 });
    expect(await list({ sort: 'title,desc', page: '2', page_size: '2' })).toEqual({
      ids: [alpha.id],
      total: 3,
    });
    const refused = await t.call({ method: 'GET', url: URL, query: { sort: 'content,asc' } });
    expect(refused.json().code).toBe(ResultCode.validation);

    // Another company sees none of them.
    const other = await tenant();
    const theirs = await other.call({ method: 'GET', url: URL });
    expect(theirs.json().data).toEqual({ list: [], total: 0 });
  });

  it('shows a member only the texts of their workspace’s subtree', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const a2 = await buildWorkspace(app, t.company.id, t.root.id);
    const inA1 = await t.call({
      method: 'POST',
      url: URL,
      headers: { 'workspace-id': String(a1.id) },
      payload: { title: 'A1', content: 'Here' },
    });
    const inA2 = await t.call({
      method: 'POST',
      url: URL,
      headers: { 'workspace-id': String(a2.id) },
      payload: { title: 'A2', content: 'There' },
    });
    const member = await callAs(app, await buildMember(app, a1, Role.user));
    const list = await member({ method: 'GET', url: URL });
    expect(list.json().data.list.map((item: { id: number }) => item.id)).toEqual([inA1.json().data.id]);
    const sibling = await member({ method: 'GET', url: `${URL}/${inA2.json().data.id}` });
    expect(sibling.json().code).toBe(ResultCode.notFound);
  });
});

describe('GET, PATCH text/:id', () => {
  it('shows and edits a text; bad input changes nothing', async () => {
    const t = await tenant();
    const text = await create(t.call, { title: 'Old', content: 'Old text', speed: 3 });
    const shown = await t.call({ method: 'GET', url: `${URL}/${text.id}` });
    expect(shown.json().data).toEqual(text);

    const edited = await t.call({
      method: 'PATCH',
      url: `${URL}/${text.id}`,
      payload: {
        title: 'New',
        content: 'New text',
        position: 'middle',
        direction: 'up',
        speed: 8,
        font_size: 64,
      },
    });
    expect(edited.json().data).toMatchObject({
      id: text.id,
      title: 'New',
      content: 'New text',
      position: 'middle',
      direction: 'up',
      speed: 8,
      font_size: 64,
      created_at: text.created_at,
    });
    expect(Date.parse(edited.json().data.updated_at)).toBeGreaterThanOrEqual(Date.parse(text.updated_at));

    const before = await databaseFingerprint(app.db);
    const refused = await t.call({
      method: 'PATCH',
      url: `${URL}/${text.id}`,
      payload: { title: 'Newer', content: 'x'.repeat(257) },
    });
    expect(refused.json().code).toBe(ResultCode.validation);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });

  it('answers 404001 to another company and changes nothing', async () => {
    const t = await tenant();
    const text = await create(t.call, { title: 'Mine', content: 'Private' });
    const other = await tenant();
    const before = await databaseFingerprint(app.db);
    for (const request of [
      { method: 'GET' as const, url: `${URL}/${text.id}` },
      { method: 'PATCH' as const, url: `${URL}/${text.id}`, payload: { title: 'Taken', content: 'Over' } },
      { method: 'DELETE' as const, url: URL, payload: { ids: [text.id] } },
    ]) {
      const response = await other.call(request);
      expect(response.json(), request.method).toEqual({
        code: ResultCode.notFound,
        msg: expect.any(String),
        data: null,
      });
    }
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});

describe('DELETE text', () => {
  it('deletes the texts named, all or none', async () => {
    const t = await tenant();
    const one = await create(t.call, { title: 'One', content: '1' });
    const two = await create(t.call, { title: 'Two', content: '2' });
    const three = await create(t.call, { title: 'Three', content: '3' });
    const other = await tenant();
    const foreign = await create(other.call, { title: 'Foreign', content: 'F' });

    const before = await databaseFingerprint(app.db);
    const mixed = await t.call({ method: 'DELETE', url: URL, payload: { ids: [one.id, foreign.id] } });
    expect(mixed.json().code).toBe(ResultCode.notFound);
    const none = await t.call({ method: 'DELETE', url: URL, payload: { ids: [] } });
    expect(none.json().code).toBe(ResultCode.validation);
    expect(await databaseFingerprint(app.db)).toBe(before);

    const deleted = await t.call({ method: 'DELETE', url: URL, payload: { ids: [one.id, two.id, one.id] } });
    expect(deleted.json()).toMatchObject({ code: ResultCode.success, data: null });
    const left = await t.call({ method: 'GET', url: URL });
    expect(left.json().data.list.map((item: { id: number }) => item.id)).toEqual([three.id]);
  });

  it('keeps a workspace holding texts from being deleted', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    await t.call({
      method: 'POST',
      url: URL,
      headers: { 'workspace-id': String(a1.id) },
      payload: { title: 'Kept', content: 'Here' },
    });
    const refused = await t.call({ method: 'DELETE', url: `/backend/manager/account/workspace/${a1.id}` });
    expect(refused.json().code).toBe(ResultCode.inUse);
    expect(refused.json().data).toEqual({ blockers: ['content'] });
  });
});

describe('screens showing a text', () => {
  afterEach(closePlayers);

  /** The text in a playlist and in a composition's zone, each a screen's default; a third screen shows neither. */
  async function shown() {
    const t = await tenant();
    const text = await buildText(app, t.root);
    const playlist = await buildPlaylist(app, t.root);
    await addItems(app, playlist.id, [{ textId: text.id }]);
    const composition = await buildComposition(app, t.root);
    await addZones(app, composition.id, [
      { kind: 'text', textId: text.id, x: 0, y: 980, width: 1920, height: 100 },
    ]);
    const idle = await buildPlaylist(app, t.root);
    await addItems(app, idle.id, [{ textId: (await buildText(app, t.root)).id }]);
    const screens = await Promise.all([1, 2, 3].map(() => buildDevice(app, t.root)));
    await showByDefault(app, screens[0].row.id, { kind: 'playlist', id: playlist.id });
    await showByDefault(app, screens[1].row.id, { kind: 'composition', id: composition.id });
    await showByDefault(app, screens[2].row.id, { kind: 'playlist', id: idle.id });
    const [onPlaylist, onComposition, unconcerned] = [
      await connectPlayer(app, screens[0].token),
      await connectPlayer(app, screens[1].token),
      await connectPlayer(app, screens[2].token),
    ];
    const heard = async () => {
      await settled(onPlaylist);
      await settled(onComposition);
      expect(onPlaylist).toEqual([{ type: 'manifest' }]);
      expect(onComposition).toEqual([{ type: 'manifest' }]);
      expect(unconcerned).toEqual([]);
    };
    return { t, text, heard };
  }

  it('hear "manifest" when it is edited', async () => {
    const { t, text, heard } = await shown();
    const edited = await t.call({
      method: 'PATCH',
      url: `${URL}/${text.id}`,
      payload: { title: 'Sale', content: 'Sale' },
    });
    expect(edited.json().code, edited.body).toBe(ResultCode.success);
    await heard();
  });

  it('hear "manifest" when it is deleted out of their programs', async () => {
    const { t, text, heard } = await shown();
    const deleted = await t.call({ method: 'DELETE', url: URL, payload: { ids: [text.id], detach: true } });
    expect(deleted.json().code, deleted.body).toBe(ResultCode.success);
    await heard();
  });

  it('hear "manifest" when its font is deleted and it falls back to the default font', async () => {
    const { t, text, heard } = await shown();
    const font = await buildFont(app, t.company.id);
    await app.db.update(contentTexts).set({ fontId: font.id }).where(eq(contentTexts.id, text.id));
    const deleted = await t.call({
      method: 'DELETE',
      url: `/backend/manager/font/${font.id}`,
      query: { detach: '1' },
    });
    expect(deleted.json().code, deleted.body).toBe(ResultCode.success);
    await heard();
  });
});
