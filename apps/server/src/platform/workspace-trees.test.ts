import { Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../db/schema';
import { buildTestApp } from '../test/app';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../test/team-factories';
import { publish } from './bus';
import { WorkspaceTrees } from './workspace-trees';

// Any call that heeds the Workspace-Id header.
const CALL = '/backend/manager/sys/time-frequency';

describe('WorkspaceTrees', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('reads a company’s tree once, until it expires', async () => {
    const { company, root } = await buildTenant(app);
    const trees = new WorkspaceTrees(app.db, 10, 1_000);
    expect(trees.cached(company.id)).toBeUndefined();
    expect(await trees.of(company.id)).toEqual([{ id: root.id, parentId: null }]);
    // Written past the cache: not seen until evicted or expired.
    await app.db.insert(workspaces).values({ companyId: company.id, parentId: root.id, name: 'Hidden' });
    expect(await trees.of(company.id)).toHaveLength(1);
    expect(trees.cached(company.id, Date.now() + 1_001)).toBeUndefined();
    expect(await trees.of(company.id)).toHaveLength(2);
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const [a, b, c] = [await buildTenant(app), await buildTenant(app), await buildTenant(app)];
    const trees = new WorkspaceTrees(app.db, 2, 60_000);
    await trees.of(a.company.id);
    await trees.of(b.company.id);
    trees.cached(a.company.id); // b is now the least recently used
    await trees.of(c.company.id);
    expect(trees.cached(a.company.id)).toBeDefined();
    expect(trees.cached(b.company.id)).toBeUndefined();
    expect(trees.cached(c.company.id)).toBeDefined();
  });

  it('keeps no read that overlapped a change', async () => {
    const { company, root } = await buildTenant(app);
    const trees = new WorkspaceTrees(app.db, 10, 60_000);
    const reading = trees.of(company.id);
    trees.forget(company.id);
    await reading;
    expect(trees.cached(company.id)).toBeUndefined();
    await trees.changed(app.db, company.id);
    expect(await trees.of(company.id)).toEqual([{ id: root.id, parentId: null }]);
  });

  it('lets a member use a workspace created, and refuses it once deleted, at once', async () => {
    const { company, root, owner } = await buildTenant(app);
    const admin = await buildMember(app, root, Role.userAdmin);
    const asOwner = await callAs(app, owner);
    const asAdmin = await callAs(app, admin);
    // The admin's scope is now cached with the root alone.
    expect((await asAdmin({ method: 'GET', url: CALL })).json().code).toBe(220000);

    const created = (
      await asOwner({
        method: 'POST',
        url: '/backend/manager/account/workspace',
        payload: { name: 'Lobby screens', parent_id: root.id },
      })
    ).json();
    expect(created.code).toBe(220000);
    const [lobby] = await app.db.select().from(workspaces).where(eq(workspaces.name, 'Lobby screens'));
    const withHeader = { 'workspace-id': String(lobby.id) };
    expect((await asAdmin({ method: 'GET', url: CALL, headers: withHeader })).json().code).toBe(220000);

    const deleted = await asOwner({
      method: 'DELETE',
      url: `/backend/manager/account/workspace/${lobby.id}`,
    });
    expect(deleted.json().code).toBe(220000);
    const refused = await asAdmin({ method: 'GET', url: CALL, headers: withHeader });
    expect(refused.json().code).toBe(403002);
    expect(company.id).toBe(lobby.companyId);
  });

  it('hears of changes on other instances through the bus', async () => {
    const { company } = await buildTenant(app);
    const other = await buildWorkspace(app, company.id, (await buildTenant(app)).root.id);
    await app.workspaceTrees.of(company.id);
    expect(app.workspaceTrees.cached(company.id)).toBeDefined();
    // As another instance would announce it: the event alone, no local forget.
    await publish(app.db, { type: 'workspaces-changed', companyId: company.id });
    await expect.poll(() => app.workspaceTrees.cached(company.id)).toBeUndefined();
    expect(other.companyId).toBe(company.id);
  });
});
