import fs from 'node:fs';
import { ResultCode, Role, type StoredObjectKind, translate } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedObjects } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { loggedIn } from '../../test/factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { jpeg, padded, png, sha256 } from '../../test/media-files';
import { buildCustomer, buildMember, buildTenant, callAs } from '../../test/team-factories';
import { mediaPath } from '../media';
import { BRAND_KEYS, SYSTEM_SCOPE, writeSetting } from '../setting';
import { type ObjectOwner, objectUrl, storeObject } from './objects';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const DELETE = '/backend/manager/resource/object/delete';
type Call = Awaited<ReturnType<typeof callAs>>;

let side = 1;
/** An object of this owner, of bytes no other test stores. */
const keep = async (owner: ObjectOwner, kind: StoredObjectKind, bytes?: Buffer) =>
  storeObject(app, {
    ...owner,
    kind,
    ...(kind === 'sensor-icon' ? { sensorType: `type ${side}` } : {}),
    mime: 'image/png',
    bytes: bytes ?? (await png(side++, 3)),
  });

const remove = (call: Call, id: unknown) => call({ method: 'DELETE', url: DELETE, payload: { id } });
const exists = async (id: number) =>
  (await app.db.select().from(storedObjects).where(eq(storedObjects.id, id))).length === 1;
const fileOf = (row: { hash: string }) => mediaPath(app.config.dataDir, row.hash);

async function owners() {
  const system = await loggedIn(app, { role: Role.system });
  const customer = await buildCustomer(app);
  const tenant = await buildTenant(app, { customerId: customer.customer.id });
  return {
    system: { call: system.call, owner: { customerId: null, companyId: null } },
    customer: { call: customer.call, owner: { customerId: customer.customer.id, companyId: null } },
    company: {
      call: await callAs(app, tenant.owner),
      owner: { customerId: null, companyId: tenant.company.id },
    },
  };
}

describe('DELETE /manager/resource/object/delete', () => {
  it('deletes the caller’s own object, and its file once nothing else keeps the bytes', async () => {
    const { system, customer, company } = await owners();
    const logo = await keep(customer.owner, 'brand-logo');
    expect(fs.existsSync(fileOf(logo))).toBe(true);
    expect((await app.inject({ method: 'GET', url: objectUrl(logo) })).statusCode).toBe(200);
    expect((await remove(customer.call, logo.id)).json()).toMatchObject({ code: 220000, data: null });
    expect(await exists(logo.id)).toBe(false);
    expect(fs.existsSync(fileOf(logo))).toBe(false);
    expect((await app.inject({ method: 'GET', url: objectUrl(logo) })).statusCode).toBe(404);

    // The same bytes kept by two owners: one deleting its object leaves the other's file.
    const bytes = await png(side++, 5);
    const systemIcon = await keep(system.owner, 'brand-icon', bytes);
    const sensorIcon = await keep(company.owner, 'sensor-icon', bytes);
    expect(systemIcon.hash).toBe(sensorIcon.hash);
    expect((await remove(system.call, systemIcon.id)).json().code).toBe(220000);
    expect(fs.existsSync(fileOf(sensorIcon))).toBe(true);
    expect((await remove(company.call, sensorIcon.id)).json().code).toBe(220000);
    expect(fs.existsSync(fileOf(sensorIcon))).toBe(false);
  });

  it('answers 404001 for another owner’s object and for none, and deletes nothing', async () => {
    const all = await owners();
    const other = await owners();
    const objects = {
      system: await keep(all.system.owner, 'brand-logo'),
      customer: await keep(all.customer.owner, 'brand-logo'),
      otherCustomer: await keep(other.customer.owner, 'brand-icon'),
      company: await keep(all.company.owner, 'sensor-icon'),
      otherCompany: await keep(other.company.owner, 'sensor-icon'),
    };
    const refused = async (call: Call, id: number) => {
      expect((await remove(call, id)).json().code).toBe(ResultCode.notFound);
      expect(await exists(id)).toBe(true);
    };
    // The system role deletes the system's objects only, not a customer's or a company's.
    await refused(all.system.call, objects.customer.id);
    await refused(all.system.call, objects.company.id);
    await refused(all.customer.call, objects.otherCustomer.id);
    await refused(all.customer.call, objects.system.id);
    // A customer does not reach its companies' objects: they are the company's.
    await refused(all.customer.call, objects.company.id);
    await refused(all.company.call, objects.otherCompany.id);
    expect((await remove(all.company.call, 2_147_483_647)).json().code).toBe(ResultCode.notFound);
    for (const object of Object.values(objects)) expect(fs.existsSync(fileOf(object))).toBe(true);
  });

  it('asks for the key of the object’s kind, and validates the id', async () => {
    const { customer, company } = await owners();
    // Kinds their owners do not normally keep, to reach the per-kind check.
    const customerSensorIcon = await keep(customer.owner, 'sensor-icon');
    const companyLogo = await keep(company.owner, 'brand-logo');
    expect((await remove(customer.call, customerSensorIcon.id)).json().code).toBe(ResultCode.permission);
    expect((await remove(company.call, companyLogo.id)).json().code).toBe(ResultCode.permission);
    expect(await exists(customerSensorIcon.id)).toBe(true);
    expect(await exists(companyLogo.id)).toBe(true);

    // A role holding neither key is refused by the route.
    const operator = await loggedIn(app, { role: Role.systemOperator });
    expect((await remove(operator.call, companyLogo.id)).json().code).toBe(ResultCode.permission);

    for (const id of ['1', 0, -3, 1.5, null]) {
      expect((await remove(customer.call, id)).json().code, String(id)).toBe(ResultCode.validation);
    }
  });

  it('refuses the logo or icon shown now with a clear message, and deletes it once replaced', async () => {
    const { system, customer } = await owners();
    const logo = await keep(customer.owner, 'brand-logo');
    const icon = await keep(system.owner, 'brand-icon');
    await writeSetting(app.db, { scope: 'customer', id: customer.owner.customerId }, BRAND_KEYS.logo, {
      uri: objectUrl(logo),
    });
    await writeSetting(app.db, SYSTEM_SCOPE, BRAND_KEYS.icon, { uri: objectUrl(icon) });

    const inUse = (await remove(customer.call, logo.id)).json();
    expect(inUse).toMatchObject({ code: ResultCode.inUse });
    expect(inUse.msg).toMatch(/current logo or icon/);
    expect((await remove(system.call, icon.id)).json().code).toBe(ResultCode.inUse);
    expect(await exists(logo.id)).toBe(true);
    expect(await exists(icon.id)).toBe(true);

    await writeSetting(app.db, SYSTEM_SCOPE, BRAND_KEYS.icon, null);
    expect((await remove(system.call, icon.id)).json().code).toBe(220000);
    expect(await exists(icon.id)).toBe(false);
  });
});

describe('/manager/iot-device/icon', () => {
  const ICON = '/backend/manager/iot-device/icon';
  const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;
  const save = (call: Call, type: unknown, image: unknown) =>
    call({ method: 'POST', url: ICON, payload: { type, image } });
  const list = async (call: Call) => (await call({ method: 'GET', url: ICON })).json();
  const unset = (call: Call, type: unknown) => call({ method: 'DELETE', url: ICON, payload: { type } });

  async function company() {
    const tenant = await buildTenant(app);
    const admin = await buildMember(app, tenant.root, Role.userAdmin);
    return { id: tenant.company.id, owner: await callAs(app, tenant.owner), admin: await callAs(app, admin) };
  }

  it('keeps one icon per company and type, served from its URL; a new one replaces and deletes the old', async () => {
    const a = await company();
    const b = await company();
    const door = await png(side++, 4);
    const saved = (await save(a.owner, '  Door contact ', dataUrl(door))).json();
    expect(saved).toMatchObject({ code: 220000 });
    expect(saved.data).toEqual({
      id: expect.any(Number),
      type: 'Door contact',
      url: `/backend/media/${sha256(door)}`,
      mime: 'image/png',
      size: door.length,
      created_at: expect.any(String),
    });
    expect((await app.inject({ method: 'GET', url: saved.data.url })).rawPayload).toEqual(door);
    const [row] = await app.db.select().from(storedObjects).where(eq(storedObjects.id, saved.data.id));
    expect(row).toMatchObject({ companyId: a.id, customerId: null, kind: 'sensor-icon' });

    // B's icon of the same type is B's alone.
    const other = (await save(b.owner, 'Door contact', dataUrl(await jpeg(8, 8), 'image/jpeg'))).json().data;
    expect((await list(b.owner)).data).toEqual([other]);

    const replacement = await jpeg(side++, 6);
    const replaced = (await save(a.admin, 'Door contact', dataUrl(replacement, 'image/jpeg'))).json().data;
    expect(replaced).toMatchObject({ type: 'Door contact', mime: 'image/jpeg', size: replacement.length });
    expect(replaced.id).not.toBe(saved.data.id);
    const smoke = (await save(a.owner, 'Smoke', dataUrl(await png(side++, 2)))).json().data;
    expect((await list(a.owner)).data).toEqual([replaced, smoke]);
    expect(await exists(saved.data.id)).toBe(false);
    expect(fs.existsSync(mediaPath(app.config.dataDir, sha256(door)))).toBe(false);
    expect((await list(b.owner)).data).toEqual([other]);
  });

  it('refuses what is not a small PNG, JPEG, WebP or ICO image, and a bad type name, changing nothing', async () => {
    const a = await company();
    const image = dataUrl(await png(side++, 4));
    const before = await databaseFingerprint(app.db);
    const refused = async (type: unknown, value: unknown, msg: string) => {
      const response = (await save(a.owner, type, value)).json();
      expect(response, `${type} ${String(value).slice(0, 40)}`).toMatchObject({
        code: ResultCode.validation,
      });
      expect(response.data.errors[0].message).toBe(translate('en', msg));
    };
    const format = 'validation.objectImage.format';
    await refused('Door', dataUrl(await jpeg(4, 4), 'image/png'), format); // bytes not the type named
    await refused('Door', dataUrl(Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml'), format);
    await refused('Door', dataUrl(Buffer.from('#!/bin/sh\necho hi'), 'image/png'), format);
    await refused('Door', 'https://cdn.example.com/door.png', format);
    await refused('Door', 42, format);
    await refused('Door', dataUrl(padded(await png(2, 2), 256 * 1024 + 1)), 'validation.objectImage.size');
    await refused('', image, 'validation.name.required');
    await refused('x'.repeat(65), image, 'validation.name.max');
    expect(await databaseFingerprint(app.db)).toBe(before);
    // The largest image allowed passes.
    const largest = (await save(a.owner, 'Door', dataUrl(padded(await png(2, 2), 256 * 1024)))).json();
    expect(largest.code).toBe(220000);
  });

  it('deletes a type’s icon and its file; a type without one answers 404001', async () => {
    const a = await company();
    const b = await company();
    const bytes = await png(side++, 4);
    await save(a.owner, 'Motion', dataUrl(bytes));
    await save(b.owner, 'Motion', dataUrl(await png(side++, 4)));
    expect((await unset(a.admin, 'Motion')).json()).toMatchObject({ code: 220000, data: null });
    expect((await list(a.owner)).data).toEqual([]);
    expect(fs.existsSync(mediaPath(app.config.dataDir, sha256(bytes)))).toBe(false);
    expect((await unset(a.owner, 'Motion')).json().code).toBe(ResultCode.notFound);
    expect((await list(b.owner)).data).toHaveLength(1);
    expect((await unset(a.owner, '')).json().code).toBe(ResultCode.validation);
  });

  it('is for a company’s users with the sensor keys only', async () => {
    const { system, customer } = await owners();
    const image = dataUrl(await png(side++, 4));
    for (const call of [system.call, customer.call]) {
      expect((await list(call)).code).toBe(ResultCode.permission);
      expect((await save(call, 'Door', image)).json().code).toBe(ResultCode.permission);
      expect((await unset(call, 'Door')).json().code).toBe(ResultCode.permission);
    }
    // A user holds the sensor keys by default, like every tenant role.
    const tenant = await buildTenant(app);
    const user = await callAs(app, await buildMember(app, tenant.root, Role.user));
    expect((await save(user, 'Door', image)).json().code).toBe(220000);
  });
});

describe('POST customer-logo keeps uploaded images as stored objects', () => {
  const LOGO = '/backend/manager/sys/setting/customer-logo';
  const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
  const saveLogo = async (call: Call, payload: object) => {
    const body = (await call({ method: 'POST', url: LOGO, payload })).json();
    expect(body.code, JSON.stringify(body)).toBe(220000);
    return body.data;
  };
  const objectsOf = (customerId: number) =>
    app.db
      .select()
      .from(storedObjects)
      .where(eq(storedObjects.customerId, customerId))
      .orderBy(storedObjects.id);
  const stored = (bytes: Buffer) => fs.existsSync(mediaPath(app.config.dataDir, sha256(bytes)));

  it('stores the upload as the owner’s object; replacing or resetting deletes the old one', async () => {
    const { customer } = await owners();
    const customerId = customer.owner.customerId;
    const first = await png(side++, 7);
    const saved = await saveLogo(customer.call, { customer_logo: dataUrl(first) });
    const [logo] = await objectsOf(customerId);
    expect(logo).toMatchObject({
      kind: 'brand-logo',
      mime: 'image/png',
      size: first.length,
      companyId: null,
    });
    expect(saved.customer_logo.value.uri).toBe(objectUrl(logo));
    expect((await app.inject({ method: 'GET', url: objectUrl(logo) })).rawPayload).toEqual(first);
    // Shown now: object/delete refuses it.
    expect((await remove(customer.call, logo.id)).json().code).toBe(ResultCode.inUse);

    const second = await png(side++, 7);
    await saveLogo(customer.call, { customer_logo: dataUrl(second) });
    const [replacement] = await objectsOf(customerId);
    expect((await objectsOf(customerId)).length).toBe(1);
    expect(replacement.id).not.toBe(logo.id);
    expect(stored(first)).toBe(false);
    expect(stored(second)).toBe(true);

    // A link replaces it too; the icon is untouched by a logo change.
    const icon = await png(side++, 7);
    await saveLogo(customer.call, { customer_icon: dataUrl(icon) });
    await saveLogo(customer.call, { customer_logo: 'https://cdn.example.com/logo.png' });
    expect((await objectsOf(customerId)).map((row) => row.kind)).toEqual(['brand-icon']);
    expect(stored(second)).toBe(false);

    // Reset to the default.
    const reset = await saveLogo(customer.call, { customer_icon: null });
    expect(reset.customer_icon.value.uri).toBeNull();
    expect(await objectsOf(customerId)).toEqual([]);
    expect(stored(icon)).toBe(false);
  });

  it('keeps logo and icon of the same bytes as two objects of one file, and stores nothing when refused', async () => {
    const { customer } = await owners();
    const customerId = customer.owner.customerId;
    const bytes = await png(side++, 9);
    const saved = await saveLogo(customer.call, {
      customer_logo: dataUrl(bytes),
      customer_icon: dataUrl(bytes),
    });
    expect(saved.customer_logo.value.uri).toBe(saved.customer_icon.value.uri);
    expect((await objectsOf(customerId)).map((row) => row.kind)).toEqual(['brand-logo', 'brand-icon']);
    await saveLogo(customer.call, { customer_logo: null });
    expect(stored(bytes)).toBe(true); // the icon keeps it

    const before = await databaseFingerprint(app.db);
    const fresh = await png(side++, 9);
    const refused = await customer.call({
      method: 'POST',
      url: LOGO,
      payload: { customer_logo: dataUrl(fresh), customer_icon: 'data:image/png;base64,PHN2Zz4=' },
    });
    expect(refused.json().code).toBe(ResultCode.validation);
    expect(await databaseFingerprint(app.db)).toBe(before);
    expect(stored(fresh)).toBe(false);
  });
});

describe('a deleted owner', () => {
  it('takes its objects and their files with it, but not the same bytes another owner keeps', async () => {
    const system = (await loggedIn(app, { role: Role.system })).call;
    const { customer } = await buildCustomer(app);
    const tenant = await buildTenant(app, { customerId: customer.id });
    const other = await buildTenant(app);
    const companyOwner = { customerId: null, companyId: tenant.company.id };
    const icon = await keep(companyOwner, 'sensor-icon');
    const shared = await png(side++, 5);
    const sharedIcon = await keep(companyOwner, 'sensor-icon', shared);
    const kept = await keep({ customerId: null, companyId: other.company.id }, 'sensor-icon', shared);
    const brand = await keep({ customerId: customer.id, companyId: null }, 'brand-logo');
    expect([icon, sharedIcon, kept, brand].every((row) => fs.existsSync(fileOf(row)))).toBe(true);

    const account = (path: string) => ({
      method: 'DELETE' as const,
      url: `/backend/manager/account/${path}`,
    });
    expect((await system(account(`group/${tenant.company.id}`))).json().code).toBe(ResultCode.success);
    expect(await exists(icon.id)).toBe(false);
    expect(fs.existsSync(fileOf(icon))).toBe(false);
    // Another company keeps the same bytes.
    expect(await exists(sharedIcon.id)).toBe(false);
    expect(fs.existsSync(fileOf(kept))).toBe(true);

    expect((await system(account(`customer/${customer.id}`))).json().code).toBe(ResultCode.success);
    expect(await exists(brand.id)).toBe(false);
    expect(fs.existsSync(fileOf(brand))).toBe(false);
  });
});
