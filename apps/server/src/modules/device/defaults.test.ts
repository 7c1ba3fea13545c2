import { Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema';
import { publishManifestChanged } from '../../platform/screen-changes';
import { buildTestApp } from '../../test/app';
import { buildComposition, buildPlaylist } from '../../test/composition-factories';
import { buildDevice, busSettled } from '../../test/device-factories';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';
import { deviceUses } from './defaults';

// A device's default content through PUT device/{id}: which playlists and compositions it may be,
// what it answers, and the use it counts as.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

/** A company with a branch and its sub-branch, a sibling branch, and a device in the branch. */
async function setting() {
  const tenant = await buildTenant(app);
  const branch = await buildWorkspace(app, tenant.company.id, tenant.root.id);
  const below = await buildWorkspace(app, tenant.company.id, branch.id);
  const sibling = await buildWorkspace(app, tenant.company.id, tenant.root.id);
  const device = await buildDevice(app, branch, 'Branch screen');
  const owner = await callAs(app, tenant.owner);
  const edit = (default_program: object | null | undefined) =>
    owner({
      method: 'PUT',
      url: `/backend/manager/device/${device.row.id}`,
      payload: {
        device_name: 'Branch screen',
        ...(default_program === undefined ? {} : { default_program }),
      },
    });
  return { tenant, branch, below, sibling, device, owner, edit };
}

const stored = async (id: number) => {
  const [row] = await app.db
    .select({ kind: devices.defaultProgramKind, id: devices.defaultProgramId })
    .from(devices)
    .where(eq(devices.id, id));
  return row;
};

describe('PUT device/{id} default_program', () => {
  it('takes a playlist or composition of the device’s workspace or one below, and clears with null', async () => {
    const { branch, below, device, edit } = await setting();
    const list = await buildPlaylist(app, branch);
    const composition = await buildComposition(app, below);

    const set = await edit({ kind: 'playlist', id: list.id });
    expect(set.json().data.default_program).toEqual({ kind: 'playlist', id: list.id });
    expect(await stored(device.row.id)).toEqual({ kind: 'playlist', id: list.id });

    expect((await edit({ kind: 'composition', id: composition.id })).json().data.default_program).toEqual({
      kind: 'composition',
      id: composition.id,
    });
    // Left out: unchanged.
    expect((await edit(undefined)).json().data.default_program).toEqual({
      kind: 'composition',
      id: composition.id,
    });
    expect((await edit(null)).json().data.default_program).toBeNull();
    expect(await stored(device.row.id)).toEqual({ kind: null, id: null });
  });

  it('refuses a program of a workspace above or beside the device’s (400001), and bad refs', async () => {
    const { tenant, sibling, device, edit } = await setting();
    for (const workspace of [tenant.root, sibling]) {
      const list = await buildPlaylist(app, workspace);
      const answer = (await edit({ kind: 'playlist', id: list.id })).json();
      expect(answer).toMatchObject({ code: 400001, data: null });
      expect(answer.msg).toMatch(/workspace/);
    }
    expect((await edit({ kind: 'schedule', id: 1 })).json().code).toBe(400001);
    expect((await edit({ kind: 'playlist', id: 0 })).json().code).toBe(400001);
    expect(await stored(device.row.id)).toEqual({ kind: null, id: null });
  });

  it('answers 404001 for another company’s program or one the caller does not see, changing nothing', async () => {
    const { branch, below, device, edit } = await setting();
    const other = await buildTenant(app);
    const foreign = await buildPlaylist(app, other.root);
    expect((await edit({ kind: 'playlist', id: foreign.id })).json()).toMatchObject({
      code: 404001,
      data: null,
    });
    expect((await edit({ kind: 'composition', id: 2_000_000_000 })).json().code).toBe(404001);
    // A user of the branch's sub-branch sees neither the device nor the branch's playlist.
    const user = await buildMember(app, below, Role.userAdmin);
    const asUser = await callAs(app, user);
    const list = await buildPlaylist(app, branch);
    const refused = await asUser({
      method: 'PUT',
      url: `/backend/manager/device/${device.row.id}`,
      payload: { device_name: 'X', default_program: { kind: 'playlist', id: list.id } },
    });
    expect(refused.json().code).toBe(404001);
    expect(await stored(device.row.id)).toEqual({ kind: null, id: null });
  });

  it('counts as a use of its playlist: found by name, detached by clearing', async () => {
    const { branch, device, edit } = await setting();
    const list = await buildPlaylist(app, branch);
    await edit({ kind: 'playlist', id: list.id });
    const uses = deviceUses('playlist');
    expect(await uses.find(app.db, [list.id])).toEqual([{ id: device.row.id, name: 'Branch screen' }]);
    expect(await deviceUses('composition').find(app.db, [list.id])).toEqual([]);
    await app.db.transaction((tx) => uses.detach(tx, [list.id]));
    expect(await stored(device.row.id)).toEqual({ kind: null, id: null });
  });

  it('keeps a composition some screen plays by default from deletion, until detached', async () => {
    const { branch, device, owner, edit } = await setting();
    const composition = await buildComposition(app, branch);
    await edit({ kind: 'composition', id: composition.id });
    const remove = (detach: boolean) =>
      owner({
        method: 'DELETE',
        url: '/backend/manager/composition',
        payload: { ids: [composition.id], detach },
      });
    const refused = (await remove(false)).json();
    expect(refused).toMatchObject({
      code: 409001,
      data: { uses: [{ kind: 'device', id: device.row.id, name: 'Branch screen' }] },
    });
    expect((await remove(true)).json().code).toBe(220000);
    expect(await stored(device.row.id)).toEqual({ kind: null, id: null });
  });

  it('tells the screen over the bus when its default program changes, and only then', async () => {
    const { branch, device, edit } = await setting();
    const list = await buildPlaylist(app, branch);
    // The screen's claim (its trial licence) has told it already: count from here.
    await busSettled(app);
    const heard: number[][] = [];
    const stop = app.bus.on((event) => {
      if (event.type === 'manifest-changed') heard.push(event.deviceIds);
    });
    try {
      await edit({ kind: 'playlist', id: list.id });
      await edit({ kind: 'playlist', id: list.id });
      await edit(null);
      await app.db.transaction((tx) => publishManifestChanged(tx, []));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual([[device.row.id], [device.row.id]]);
    } finally {
      stop();
    }
  });
});
