import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ContentType, type Manifest, type ProgramRef } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compositionZones, contents } from '../../db/schema';
import { devicesShowing, notifyProgramChanged, notifyProgramsChanged } from '../../platform/screen-changes';
import { buildTestApp } from '../../test/app';
import { buildComposition, buildPlaylist, buildText } from '../../test/composition-factories';
import { buildContent } from '../../test/content-factories';
import { buildDevice, registerPlayer } from '../../test/device-factories';
import { png, sha256 } from '../../test/media-files';
import { closePlayers, connectPlayer, showByDefault, until } from '../../test/player-sockets';
import { addItems, addZones } from '../../test/program-factories';
import { buildTenant } from '../../test/team-factories';
import { mediaPath, processContent } from '../media';

// GET player/manifest (the device's default program, ETag = version, 304) and the socket's
// 'manifest' push when what a screen shows changes.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterEach(closePlayers);

const hex = () => randomBytes(32).toString('hex');

const manifest = (token: string, etag?: string) =>
  app.inject({
    method: 'GET',
    url: '/backend/player/manifest',
    headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
  });

const setDefault = (deviceId: number, ref: ProgramRef | null) => showByDefault(app, deviceId, ref);
const connect = (token: string) => connectPlayer(app, token);

describe('GET player/manifest', () => {
  it('answers the default program with its version as ETag, then 304 until it changes', async () => {
    const tenant = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const list = await buildPlaylist(app, tenant.root);
    await addItems(app, list.id, [{ contentId: image.id, duration: 5 }]);
    const { token, row } = await buildDevice(app, tenant.root);

    const none = await manifest(token);
    expect(none.json().data).toEqual({
      version: expect.any(String),
      default_program: null,
      timezone: null,
      holidays: [],
      schedules: [],
      sensors: [],
      triggers: [],
      rules: [],
      video_wall: null,
    });

    await setDefault(row.id, { kind: 'playlist', id: list.id });
    const first = await manifest(token);
    const data = first.json().data as Manifest;
    expect(data.default_program).toMatchObject({ kind: 'playlist', id: list.id, duration_ms: 5000 });
    expect(data.default_program?.zones[0].items[0]).toMatchObject({ kind: 'image', content_id: image.id });
    expect(first.headers.etag).toBe(`"${data.version}"`);
    expect(data.version).not.toBe(none.json().data.version);

    const unchanged = await manifest(token, first.headers.etag as string);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // Anything inside changing (and announced, as every change of the library is) changes the
    // version: here the content is binned.
    await app.db.transaction(async (tx) => {
      await tx.update(contents).set({ deletedAt: new Date() }).where(eq(contents.id, image.id));
      await notifyProgramsChanged(tx, { contents: [image.id] });
    });
    const changed = await manifest(token, first.headers.etag as string);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.default_program.zones[0].items).toEqual([]);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('plays nothing of another company, nothing deleted, and nothing on an unpaired screen', async () => {
    const tenant = await buildTenant(app);
    const other = await buildTenant(app);
    const foreign = await buildPlaylist(app, other.root);
    const { token, row } = await buildDevice(app, tenant.root);
    await setDefault(row.id, { kind: 'playlist', id: foreign.id });
    expect((await manifest(token)).json().data.default_program).toBeNull();
    await setDefault(row.id, { kind: 'composition', id: 2_000_000_000 });
    expect((await manifest(token)).json().data.default_program).toBeNull();

    const unpaired = await registerPlayer(app);
    expect((await manifest(unpaired.token)).json().data.default_program).toBeNull();
  });

  it('answers 600003 to an unknown or missing token', async () => {
    expect((await manifest('x'.repeat(43))).json().code).toBe(600003);
    const bare = await app.inject({ method: 'GET', url: '/backend/player/manifest' });
    expect(bare.json().code).toBe(600003);
  });
});

describe('manifest changed', () => {
  it('finds the screens showing a row, directly or through playlists and compositions', async () => {
    const tenant = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const website = await buildContent(app, tenant.root, {
      type: ContentType.website,
      link: 'https://example.com/',
    });
    const text = await buildText(app, tenant.root);
    const inner = await buildPlaylist(app, tenant.root);
    const outer = await buildPlaylist(app, tenant.root);
    await addItems(app, inner.id, [{ contentId: image.id }, { textId: text.id }]);
    await addItems(app, outer.id, [{ childPlaylistId: inner.id }]);
    const composition = await buildComposition(app, tenant.root);
    await addZones(app, composition.id, [
      { kind: 'playlist', playlistId: outer.id, x: 0, y: 0, width: 100, height: 100 },
      { kind: 'website', contentId: website.id, x: 100, y: 0, width: 100, height: 100 },
    ]);
    const onOuter = await buildDevice(app, tenant.root);
    const onComposition = await buildDevice(app, tenant.root);
    const idle = await buildDevice(app, tenant.root);
    await setDefault(onOuter.row.id, { kind: 'playlist', id: outer.id });
    await setDefault(onComposition.row.id, { kind: 'composition', id: composition.id });
    const showing = async (changed: Parameters<typeof devicesShowing>[1]) =>
      (await devicesShowing(app.db, changed)).sort((a, b) => a - b);
    const both = [onOuter.row.id, onComposition.row.id].sort((a, b) => a - b);
    expect(await showing({ contents: [image.id] })).toEqual(both);
    expect(await showing({ texts: [text.id] })).toEqual(both);
    expect(await showing({ playlists: [inner.id] })).toEqual(both);
    expect(await showing({ contents: [website.id] })).toEqual([onComposition.row.id]);
    expect(await showing({ compositions: [composition.id] })).toEqual([onComposition.row.id]);
    expect(await showing({ playlists: [outer.id], contents: [] })).toEqual(both);
    expect(await showing({})).toEqual([]);
    expect(both).not.toContain(idle.row.id);
  });

  it('pushes "manifest" to the connected screens at the commit of a change, not on a rollback', async () => {
    const tenant = await buildTenant(app);
    const list = await buildPlaylist(app, tenant.root);
    const composition = await buildComposition(app, tenant.root);
    await app.db
      .update(compositionZones)
      .set({ kind: 'playlist', playlistId: list.id })
      .where(eq(compositionZones.compositionId, composition.id));
    const screen = await buildDevice(app, tenant.root);
    const bystander = await buildDevice(app, tenant.root);
    await setDefault(screen.row.id, { kind: 'composition', id: composition.id });
    const heard = await connect(screen.token);
    const unconcerned = await connect(bystander.token);

    await app.db
      .transaction(async (tx) => {
        await notifyProgramChanged(tx, { kind: 'playlist', id: list.id });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await app.db.transaction((tx) => notifyProgramsChanged(tx, { playlists: [list.id] }));
    await until(() => heard.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([{ type: 'manifest' }]);
    expect(unconcerned).toEqual([]);
  });

  it('pushes "manifest" when content a screen shows is processed, and the manifest then plays it', async () => {
    const tenant = await buildTenant(app);
    const bytes = await png(8, 8);
    const hash = sha256(bytes);
    const file = mediaPath(app.config.dataDir, hash);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, bytes);
    const image = await buildContent(app, tenant.root, {
      hash,
      mime: 'image/png',
      size: bytes.length,
      state: 'processing',
    });
    const list = await buildPlaylist(app, tenant.root);
    await addItems(app, list.id, [{ contentId: image.id }]);
    const screen = await buildDevice(app, tenant.root);
    await setDefault(screen.row.id, { kind: 'playlist', id: list.id });
    expect((await manifest(screen.token)).json().data.default_program.zones[0].items).toEqual([]);
    const heard = await connect(screen.token);
    await processContent(app, image.id);
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ type: 'manifest' }]);
    const items = (await manifest(screen.token)).json().data.default_program.zones[0].items;
    expect(items).toEqual([expect.objectContaining({ kind: 'image', content_id: image.id })]);
  });
});
