import { ResultCode } from '@vitrine/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../db/schema';
import { buildTestApp } from '../test/app';
import { buildTenant, buildWorkspace } from '../test/team-factories';
import { deleteInScope, lockedInScope } from './bulk-delete';
import { type AppError, forbidden } from './errors';
import { UseRegistry } from './uses';

// The scoped bulk delete on rows of any kind (here a company's empty workspaces), with a use
// registry whose one user uses the ids it is told to.

describe('deleteInScope', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  /** A company with two empty workspaces under its root; `used` are in use until detached. */
  async function scene(used: number[] = []) {
    const { company, root } = await buildTenant(app);
    const a = await buildWorkspace(app, company.id, root.id);
    const b = await buildWorkspace(app, company.id, root.id);
    const detached: number[] = [];
    const uses = new UseRegistry('content.inUse');
    uses.register('test', {
      find: async (_tx, ids) =>
        ids.filter((id) => used.includes(id) && !detached.includes(id)).map((id) => ({ id, name: 'use' })),
      detach: async (_tx, ids) => {
        detached.push(...ids);
      },
    });
    const target = {
      table: workspaces,
      id: workspaces.id,
      visible: eq(workspaces.companyId, company.id),
      fields: { name: workspaces.name },
      uses,
    };
    return { root, a, b, used, detached, target };
  }

  const remaining = async (ids: number[]) =>
    (await app.db.select({ id: workspaces.id }).from(workspaces).where(inArray(workspaces.id, ids)))
      .map((row) => row.id)
      .sort();

  /** The result code a call is refused with, or null when it goes through. */
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: AppError) => error.code,
    );

  it('deletes every id once and answers the rows with their fields', async () => {
    const { a, b, target } = await scene();
    const rows = await deleteInScope(app.db, target, [a.id, b.id, a.id], false);
    expect(rows.map((row) => [row.id, row.name]).sort()).toEqual(
      [
        [a.id, a.name],
        [b.id, b.name],
      ].sort(),
    );
    expect(await remaining([a.id, b.id])).toEqual([]);
  });

  it('deletes nothing when one id is outside the scope (404001)', async () => {
    const mine = await scene();
    const theirs = await scene();
    expect(await refusal(deleteInScope(app.db, mine.target, [mine.a.id, theirs.a.id], false))).toBe(
      ResultCode.notFound,
    );
    expect(await remaining([mine.a.id, theirs.a.id])).toEqual([mine.a.id, theirs.a.id].sort());
  });

  it('refuses items in use (409001) and deletes nothing, unless they are detached first', async () => {
    const s = await scene();
    s.used.push(s.a.id);
    expect(await refusal(deleteInScope(app.db, s.target, [s.a.id, s.b.id], false))).toBe(ResultCode.inUse);
    expect(await remaining([s.a.id, s.b.id])).toEqual([s.a.id, s.b.id].sort());
    await deleteInScope(app.db, s.target, [s.a.id, s.b.id], true);
    expect(s.detached.sort()).toEqual([s.a.id, s.b.id].sort());
    expect(await remaining([s.a.id, s.b.id])).toEqual([]);
  });

  it('checks every locked row: one the caller may not change refuses the whole call', async () => {
    const { a, b, target } = await scene();
    const checked = {
      ...target,
      check: (row: { id: number }) => {
        if (row.id === b.id) throw forbidden();
      },
    };
    expect(await refusal(deleteInScope(app.db, checked, [a.id, b.id], false))).toBe(ResultCode.permission);
    expect(await refusal(app.db.transaction((tx) => lockedInScope(tx, checked, [b.id])))).toBe(
      ResultCode.permission,
    );
    expect(await remaining([a.id, b.id])).toEqual([a.id, b.id].sort());
  });

  it('takes the first locks before the rows and deletes the other rows ahead of them', async () => {
    const { root, a, b, target } = await scene();
    const steps: string[] = [];
    await deleteInScope(
      app.db,
      {
        ...target,
        lockFirst: async (_tx, ids) => {
          steps.push(`lock ${ids.length}`);
        },
        deleteFirst: async (tx, ids) => {
          const rows = await tx
            .select()
            .from(workspaces)
            .where(inArray(workspaces.id, [...ids]));
          steps.push(`first, with ${rows.length} rows still there`);
        },
      },
      [a.id, b.id],
      false,
    );
    expect(steps).toEqual(['lock 2', 'first, with 2 rows still there']);
    expect(await remaining([root.id, a.id, b.id])).toEqual([root.id]);
  });
});
