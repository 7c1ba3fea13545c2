import { Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { userCategories, users } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { loggedIn } from '../../test/factories';
import { buildCategory, buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const url = (path: string) => `/backend/manager/account/${path}`;
const userRow = async (id: number) => (await app.db.select().from(users).where(eq(users.id, id)))[0];
const categoryRow = async (id: number) =>
  (await app.db.select().from(userCategories).where(eq(userCategories.id, id)))[0];

async function team() {
  const tenant = await buildTenant(app);
  return { ...tenant, asOwner: await callAs(app, tenant.owner) };
}

describe('GET group/category', () => {
  it('lists the company’s groups with the users the caller can see', async () => {
    const t = await team();
    const category = await buildCategory(app, t.company.id, 'Front desk');
    const sub = await buildWorkspace(app, t.company.id, t.root.id);
    const sibling = await buildWorkspace(app, t.company.id, t.root.id);
    const admin = await buildMember(app, sub, Role.userAdmin, { categoryId: category.id });
    await buildMember(app, sibling, Role.user, { categoryId: category.id });
    await buildCategory(app, (await buildTenant(app)).company.id, 'Elsewhere');

    const byOwner = (await t.asOwner({ method: 'GET', url: url('group/category') })).json().data;
    expect(byOwner).toEqual([{ category_id: category.id, name: 'Front desk', user_count: 2 }]);
    const asAdmin = await callAs(app, admin);
    const byAdmin = (await asAdmin({ method: 'GET', url: url('group/category') })).json().data;
    expect(byAdmin).toEqual([{ category_id: category.id, name: 'Front desk', user_count: 1 }]);
  });

  it('answers an empty list to the platform, which has no company', async () => {
    const system = await loggedIn(app, { role: Role.system });
    expect((await system.call({ method: 'GET', url: url('group/category') })).json().data).toEqual([]);
  });
});

describe('POST group/category and PUT group/category/{category_id}', () => {
  it('creates and renames a group', async () => {
    const t = await team();
    const made = (
      await t.asOwner({ method: 'POST', url: url('group/category'), payload: { name: 'Kitchen' } })
    ).json();
    expect(made.data).toMatchObject({ name: 'Kitchen', user_count: 0 });
    const renamed = await t.asOwner({
      method: 'PUT',
      url: url(`group/category/${made.data.category_id}`),
      payload: { name: 'Bar' },
    });
    expect(renamed.json().data).toMatchObject({ category_id: made.data.category_id, name: 'Bar' });
  });

  it('refuses a platform role (403001), another company’s group (404001) and a long name (400001)', async () => {
    const t = await team();
    const system = await loggedIn(app, { role: Role.system });
    const platform = await system.call({
      method: 'POST',
      url: url('group/category'),
      payload: { name: 'X' },
    });
    expect(platform.json().code).toBe(403001);
    const foreign = await buildCategory(app, (await buildTenant(app)).company.id);
    const rename = await t.asOwner({
      method: 'PUT',
      url: url(`group/category/${foreign.id}`),
      payload: { name: 'X' },
    });
    expect(rename.json().code).toBe(404001);
    expect((await categoryRow(foreign.id)).name).toBe(foreign.name);
    const long = await t.asOwner({
      method: 'POST',
      url: url('group/category'),
      payload: { name: 'x'.repeat(65) },
    });
    expect(long.json().msg).toContain('Names can be at most 64 characters long');
  });
});

describe('DELETE group/category/{category_id}', () => {
  it('moves the users to another group', async () => {
    const t = await team();
    const from = await buildCategory(app, t.company.id);
    const to = await buildCategory(app, t.company.id);
    const member = await buildMember(app, t.root, Role.user, { categoryId: from.id });
    const response = await t.asOwner({
      method: 'DELETE',
      url: url(`group/category/${from.id}`),
      payload: { move_to_category_id: to.id },
    });
    expect(response.json().code).toBe(220000);
    expect(await categoryRow(from.id)).toBeUndefined();
    expect((await userRow(member.id)).categoryId).toBe(to.id);
  });

  it('deletes the users with delete_users', async () => {
    const t = await team();
    const category = await buildCategory(app, t.company.id);
    const member = await buildMember(app, t.root, Role.user, { categoryId: category.id });
    const response = await t.asOwner({
      method: 'DELETE',
      url: url(`group/category/${category.id}`),
      payload: { delete_users: true },
    });
    expect(response.json().code).toBe(220000);
    expect(await userRow(member.id)).toBeUndefined();
  });

  it('leaves the users ungrouped without a body', async () => {
    const t = await team();
    const category = await buildCategory(app, t.company.id);
    const member = await buildMember(app, t.root, Role.user, { categoryId: category.id });
    expect(
      (await t.asOwner({ method: 'DELETE', url: url(`group/category/${category.id}`) })).json().code,
    ).toBe(220000);
    expect((await userRow(member.id)).categoryId).toBeNull();
  });

  it('keeps everything when a user cannot be deleted, and refuses both options at once', async () => {
    const t = await team();
    const category = await buildCategory(app, t.company.id);
    await app.db.update(users).set({ categoryId: category.id }).where(eq(users.id, t.owner.id));
    const member = await buildMember(app, t.root, Role.user, { categoryId: category.id });
    // The owner is in the group: deleting oneself is refused, so nothing is deleted.
    const refused = await t.asOwner({
      method: 'DELETE',
      url: url(`group/category/${category.id}`),
      payload: { delete_users: true },
    });
    expect(refused.json().code).toBe(409001);
    expect(await categoryRow(category.id)).toBeDefined();
    expect(await userRow(member.id)).toBeDefined();
    const both = await t.asOwner({
      method: 'DELETE',
      url: url(`group/category/${category.id}`),
      payload: { delete_users: true, move_to_category_id: category.id },
    });
    expect(both.json().code).toBe(400001);
    const foreign = await buildCategory(app, (await buildTenant(app)).company.id);
    const moveAway = await t.asOwner({
      method: 'DELETE',
      url: url(`group/category/${category.id}`),
      payload: { move_to_category_id: foreign.id },
    });
    expect(moveAway.json().code).toBe(404001);
    expect(await categoryRow(category.id)).toBeDefined();
  });
});

describe('DELETE group/category/ungroup/{id}', () => {
  it('takes a user out of its group; a stranger is 404001', async () => {
    const t = await team();
    const category = await buildCategory(app, t.company.id);
    const member = await buildMember(app, t.root, Role.user, { categoryId: category.id });
    expect(
      (await t.asOwner({ method: 'DELETE', url: url(`group/category/ungroup/${member.id}`) })).json().code,
    ).toBe(220000);
    expect((await userRow(member.id)).categoryId).toBeNull();
    const other = await buildTenant(app);
    const foreign = await buildCategory(app, other.company.id);
    const stranger = await buildMember(app, other.root, Role.user, { categoryId: foreign.id });
    const refused = await t.asOwner({ method: 'DELETE', url: url(`group/category/ungroup/${stranger.id}`) });
    expect(refused.json().code).toBe(404001);
    expect((await userRow(stranger.id)).categoryId).toBe(foreign.id);
  });
});
