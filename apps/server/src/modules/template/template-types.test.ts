import { ContentType, ResultCode, Role, SHIPPED_TEMPLATE_TYPES } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contents, templateTypes } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { loggedIn } from '../../test/factories';
import { buildMember, buildTenant, callAs } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/template-type';
type Call = Awaited<ReturnType<typeof callAs>>;
type Item = { id: number; name: string; name_key: string | null; platform: boolean; editable: boolean };

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, call: await callAs(app, t.owner) };
}

const list = async (call: Call) => {
  const response = await call({ method: 'GET', url: URL });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data as (Item & { sort: number; content_count: number })[];
};
const create = (call: Call, payload: object) => call({ method: 'POST', url: URL, payload });
const created = async (call: Call, payload: object) => {
  const response = await create(call, payload);
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data as Item;
};
const h5 = (workspace: { id: number; companyId: number }, templateTypeId: number | null = null) =>
  buildContent(app, workspace, { type: ContentType.h5, name: 'Menu.zip', templateTypeId });

describe('template types', () => {
  it('ships four platform types keyed for translation, offered to every company', async () => {
    const t = await tenant();
    const shipped = (await list(t.call)).filter((type) => type.name_key !== null);
    expect(shipped.map((type) => type.name_key)).toEqual(
      SHIPPED_TEMPLATE_TYPES.map((key) => `templateType.shipped.${key}`),
    );
    expect(shipped.every((type) => type.platform && !type.editable)).toBe(true);
    // An ordinary member who handles mobile templates reads them too.
    const member = await buildMember(app, t.root, Role.user);
    expect((await list(await callAs(app, member))).length).toBeGreaterThanOrEqual(4);
  });

  it('lets a company add, rename and delete its own types, seen by it alone', async () => {
    const a = await tenant();
    const b = await tenant();
    const mine = await created(a.call, { name: '  Lobby  ', sort: 5 });
    expect(mine).toEqual({
      id: expect.any(Number),
      name: 'Lobby',
      name_key: null,
      sort: 5,
      platform: false,
      editable: true,
      content_count: 0,
      created_at: expect.any(String),
    });
    expect((await list(a.call)).map((type) => type.id)).toContain(mine.id);
    expect((await list(b.call)).map((type) => type.id)).not.toContain(mine.id);

    // Another company's type is not found, whatever the call.
    const put = (call: Call, id: number, payload: object) =>
      call({ method: 'PUT', url: `${URL}/${id}`, payload });
    expect((await put(b.call, mine.id, { name: 'Mine now' })).json().code).toBe(ResultCode.notFound);
    expect((await b.call({ method: 'DELETE', url: `${URL}/${mine.id}` })).json().code).toBe(
      ResultCode.notFound,
    );

    const renamed = await put(a.call, mine.id, { name: 'Foyer', sort: 1 });
    expect(renamed.json().data).toMatchObject({ id: mine.id, name: 'Foyer', sort: 1 });
    // Sorted by sort, then name.
    const sorts = (await list(a.call)).map((type) => type.sort);
    expect(sorts).toEqual([...sorts].sort((x, y) => x - y));

    expect((await a.call({ method: 'DELETE', url: `${URL}/${mine.id}` })).json().code).toBe(
      ResultCode.success,
    );
    expect(await app.db.select().from(templateTypes).where(eq(templateTypes.id, mine.id))).toEqual([]);
  });

  it('refuses a missing, long or taken name and a bad order', async () => {
    const t = await tenant();
    const refused = async (payload: object, code: number, msg: string) => {
      const response = await create(t.call, payload);
      const body = response.json();
      expect(body.code, JSON.stringify(payload)).toBe(code);
      // Validation names each field's message in data.errors; other refusals answer with it.
      const messages =
        code === ResultCode.validation
          ? body.data.errors.map((e: { message: string }) => e.message)
          : [body.msg];
      expect(messages, JSON.stringify(payload)).toEqual([msg]);
    };
    await refused({}, ResultCode.validation, 'Please input the name');
    await refused({ name: '   ' }, ResultCode.validation, 'Please input the name');
    await refused({ name: 'x'.repeat(65) }, ResultCode.validation, 'Names can be at most 64 characters long');
    await refused(
      { name: 'Ok', sort: -1 },
      ResultCode.validation,
      'The order is a whole number from 0 to 9999',
    );
    await refused(
      { name: 'Ok', sort: 1.5 },
      ResultCode.validation,
      'The order is a whole number from 0 to 9999',
    );
    await created(t.call, { name: 'Hotel rooms' });
    const taken = 'A template type with this name already exists';
    await refused({ name: 'hotel ROOMS' }, ResultCode.inUse, taken);
    // A platform type's name is taken for every company.
    await refused({ name: 'Menu boards' }, ResultCode.inUse, taken);
    // Renaming to the name of another of one's types is refused; keeping one's own name is not.
    const other = await created(t.call, { name: 'Parking' });
    const put = (name: string) => t.call({ method: 'PUT', url: `${URL}/${other.id}`, payload: { name } });
    expect((await put('Hotel rooms')).json()).toMatchObject({ code: ResultCode.inUse, msg: taken });
    expect((await put('Parking')).json().code).toBe(ResultCode.success);
    // Another company may use the same name.
    const elsewhere = await tenant();
    await created(elsewhere.call, { name: 'Hotel rooms' });
  });

  it('lets the platform roles manage platform types and no company change them', async () => {
    const system = await loggedIn(app, { role: Role.system });
    const operator = await loggedIn(app, { role: Role.systemOperator });
    const t = await tenant();
    const platformType = await created(operator.call, { name: `Events ${Date.now()}`, sort: 50 });
    expect(platformType).toMatchObject({ platform: true, editable: true });
    const seenByCompany = (await list(t.call)).find((type) => type.id === platformType.id);
    expect(seenByCompany).toMatchObject({ platform: true, editable: false });
    expect(
      (await t.call({ method: 'PUT', url: `${URL}/${platformType.id}`, payload: { name: 'Ours' } })).json()
        .code,
    ).toBe(ResultCode.permission);
    expect((await t.call({ method: 'DELETE', url: `${URL}/${platformType.id}` })).json().code).toBe(
      ResultCode.permission,
    );
    // The platform sees platform types only, and cannot change a company's.
    const companyType = await created(t.call, { name: 'Company only' });
    const platformList = await list(system.call);
    expect(platformList.every((type) => type.platform)).toBe(true);
    expect((await system.call({ method: 'DELETE', url: `${URL}/${companyType.id}` })).json().code).toBe(
      ResultCode.notFound,
    );
    // A shipped type renamed is shown by its new name.
    const [shipped] = platformList.filter((type) => type.name_key !== null);
    const renamed = await system.call({
      method: 'PUT',
      url: `${URL}/${shipped.id}`,
      payload: { name: 'Menus and prices', sort: 10 },
    });
    expect(renamed.json().data).toMatchObject({ name: 'Menus and prices', name_key: null });
  });

  it('needs setting:template-type:list to change types, and a type in use is not deleted', async () => {
    const t = await tenant();
    const member = await buildMember(app, t.root, Role.user);
    const memberCall = await callAs(app, member);
    expect((await create(memberCall, { name: 'Nope' })).json().code).toBe(ResultCode.permission);

    const type = await created(t.call, { name: 'Breakfast' });
    const inLibrary = await h5(t.root, type.id);
    const inBin = await buildContent(app, t.root, {
      type: ContentType.h5,
      templateTypeId: type.id,
      deletedAt: new Date(),
    });
    expect((await list(t.call)).find((row) => row.id === type.id)?.content_count).toBe(1);
    const refused = await t.call({ method: 'DELETE', url: `${URL}/${type.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: ResultCode.inUse,
      msg: 'This template type is used by 1 templates. Give them another type first.',
    });
    // Once the library has none of it, it goes; the recycle bin's item loses the type.
    await app.db.update(contents).set({ templateTypeId: null }).where(eq(contents.id, inLibrary.id));
    expect((await t.call({ method: 'DELETE', url: `${URL}/${type.id}` })).json().code).toBe(
      ResultCode.success,
    );
    const [binned] = await app.db.select().from(contents).where(eq(contents.id, inBin.id));
    expect(binned.templateTypeId).toBeNull();
  });
});

describe('PUT resource/:id/template-type', () => {
  const set = (call: Call, id: number, templateTypeId: number | null) =>
    call({
      method: 'PUT',
      url: `/backend/manager/resource/${id}/template-type`,
      payload: { template_type_id: templateTypeId },
    });

  it('sets and clears an H5 content’s type, which the list filters by', async () => {
    const t = await tenant();
    const [shipped] = (await list(t.call)).filter((type) => type.name_key !== null);
    const own = await created(t.call, { name: 'Spa' });
    const menu = await h5(t.root);
    const other = await h5(t.root);
    const response = await set(t.call, menu.id, own.id);
    expect(response.json().data).toMatchObject({ id: menu.id, template_type_id: own.id });
    expect((await set(t.call, other.id, shipped.id)).json().data.template_type_id).toBe(shipped.id);

    const filtered = await t.call({
      method: 'GET',
      url: '/backend/manager/resource',
      query: { type: String(ContentType.h5), template_type_id: String(own.id) },
    });
    expect(filtered.json().data.list.map((item: { id: number }) => item.id)).toEqual([menu.id]);

    expect((await set(t.call, menu.id, null)).json().data.template_type_id).toBeNull();
  });

  it('refuses other content, another company’s type or content, and callers without res:template:list', async () => {
    const a = await tenant();
    const b = await tenant();
    const image = await buildContent(app, a.root);
    const typeOfB = await created(b.call, { name: 'B only' });
    const typeOfA = await created(a.call, { name: 'A only' });
    const content = await h5(a.root);
    expect((await set(a.call, image.id, typeOfA.id)).json()).toMatchObject({
      code: ResultCode.validation,
      msg: 'Only HTML5 packages have a template type',
    });
    expect((await set(a.call, content.id, typeOfB.id)).json()).toMatchObject({
      code: ResultCode.validation,
      msg: 'Choose one of the template types offered',
    });
    expect((await set(b.call, content.id, typeOfB.id)).json().code).toBe(ResultCode.notFound);
    const system = await loggedIn(app, { role: Role.system });
    expect((await set(system.call, content.id, null)).json().code).toBe(ResultCode.permission);
    const [row] = await app.db.select().from(contents).where(eq(contents.id, content.id));
    expect(row.templateTypeId).toBeNull();
  });
});
