import { createHash } from 'node:crypto';
import { DEFAULT_THEME, Role, translate } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, customers, settings, users } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { type as, buildCompany, loggedIn } from '../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
beforeEach(async () => {
  await app.db.delete(settings);
});

type Caller = ReturnType<typeof as>;
const LOGO = '/backend/manager/sys/setting/customer-logo';
const THEME = '/backend/manager/sys/setting/customer-theme';
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** Where the server keeps an uploaded image: a stored object, served by the hash of its bytes. */
const PNG_URL = `/backend/media/${createHash('sha256')
  .update(Buffer.from(PNG.split(',')[1], 'base64'))
  .digest('hex')}`;
const THEME_BODY = {
  id: 2,
  detail: { primary_color: '#FA541C', nav_nackground_color: '#141414', main_background_color: '#fafafa' },
};

const data = async (call: Caller, options: InjectOptions) => {
  const response = await call(options);
  const body = response.json();
  expect(body.code, response.body).toBe(220000);
  return body.data;
};
const config = (call: Caller) => data(call, { method: 'GET', url: '/backend/manager/sys/config/mine' });
const settingRows = () => app.db.select().from(settings).orderBy(settings.id);

/** A customer (SI) account with its customer number, and a company of that customer with its owner. */
async function customerWithCompany() {
  const [{ id: customerId }] = await app.db
    .insert(customers)
    .values({ name: 'Signage Partners' })
    .returning();
  const customer = await loggedIn(app, { role: Role.customer });
  await app.db.update(users).set({ customerId }).where(eq(users.id, customer.user.id));
  const { company, workspace } = await buildCompany(app);
  await app.db.update(companies).set({ customerId }).where(eq(companies.id, company.id));
  const owner = await loggedIn(app, { role: Role.owner, companyId: company.id, workspaceId: workspace.id });
  return { customer, owner, customerId };
}

describe('GET /manager/sys/config/mine', () => {
  it('answers the defaults until anything is set', async () => {
    const { call } = await loggedIn(app);
    expect(await config(call)).toEqual({
      customer_icon: { value: { uri: null } },
      customer_logo: { value: { uri: null } },
      customer_theme: { value: DEFAULT_THEME },
      schedule_config: { need_confirm: true },
    });
  });

  it("shows the customer's look to its companies, the system's to the others", async () => {
    const system = await loggedIn(app, { role: Role.system });
    const { customer, owner } = await customerWithCompany();
    const loneOwner = await loggedIn(app);

    await data(system.call, {
      method: 'POST',
      url: LOGO,
      payload: { customer_logo: 'https://cdn.example.com/sys.png' },
    });
    await data(customer.call, { method: 'POST', url: LOGO, payload: { customer_icon: PNG } });
    await data(customer.call, { method: 'POST', url: THEME, payload: THEME_BODY });

    const seenByOwner = await config(owner.call);
    expect(seenByOwner.customer_logo.value.uri).toBe('https://cdn.example.com/sys.png');
    expect(seenByOwner.customer_icon.value.uri).toBe(PNG_URL);
    expect(seenByOwner.customer_theme.value.detail.primary_color).toBe('#fa541c');
    expect(await config(customer.call)).toEqual(seenByOwner);

    const seenByOther = await config(loneOwner.call);
    expect(seenByOther.customer_logo.value.uri).toBe('https://cdn.example.com/sys.png');
    expect(seenByOther.customer_icon.value.uri).toBeNull();
    expect(seenByOther.customer_theme.value).toEqual(DEFAULT_THEME);
  });

  it("reads need_confirm from the company's schedule_confirm setting", async () => {
    const owner = await loggedIn(app);
    await app.db
      .insert(settings)
      .values({ scope: 'company', scopeId: owner.user.companyId!, key: 'schedule_confirm', value: false });
    expect((await config(owner.call)).schedule_config).toEqual({ need_confirm: false });
  });

  it('refuses a call without a token with 600003', async () => {
    const response = await app.inject({ method: 'GET', url: '/backend/manager/sys/config/mine' });
    expect(response.json().code).toBe(600003);
  });
});

describe('customer-logo and customer-theme', () => {
  it('saves the system look, answers it, and goes back to the default on null', async () => {
    const { call } = await loggedIn(app, { role: Role.system });
    const saved = await data(call, {
      method: 'POST',
      url: LOGO,
      payload: { customer_logo: 'https://cdn.example.com/logo.png', customer_icon: PNG },
    });
    expect(saved).toEqual({
      customer_logo: { value: { uri: 'https://cdn.example.com/logo.png' } },
      customer_icon: { value: { uri: PNG_URL } },
    });
    expect(await data(call, { method: 'GET', url: LOGO })).toEqual(saved);
    expect((await settingRows()).map((row) => [row.scope, row.scopeId, row.key])).toEqual([
      ['system', 0, 'customer_logo'],
      ['system', 0, 'customer_icon'],
    ]);

    // Only the key sent changes.
    const cleared = await data(call, { method: 'POST', url: LOGO, payload: { customer_logo: null } });
    expect(cleared).toEqual({
      customer_logo: { value: { uri: null } },
      customer_icon: { value: { uri: PNG_URL } },
    });

    expect(await data(call, { method: 'POST', url: THEME, payload: THEME_BODY })).toEqual({
      customer_theme: {
        value: {
          id: 2,
          detail: {
            primary_color: '#fa541c',
            nav_nackground_color: '#141414',
            main_background_color: '#fafafa',
          },
        },
      },
    });
    expect((await data(call, { method: 'GET', url: THEME })).customer_theme.value.id).toBe(2);
  });

  it("saves a customer's look at its own scope", async () => {
    const { customer, customerId } = await customerWithCompany();
    await data(customer.call, { method: 'POST', url: THEME, payload: THEME_BODY });
    const [row] = await settingRows();
    expect([row.scope, row.scopeId, row.key]).toEqual(['customer', customerId, 'customer_theme']);
  });

  it('refuses bad images and colours in the caller language, and changes nothing', async () => {
    const { call } = await loggedIn(app, { role: Role.system });
    await data(call, {
      method: 'POST',
      url: LOGO,
      payload: { customer_logo: 'https://cdn.example.com/kept.png' },
    });
    await data(call, { method: 'POST', url: THEME, payload: THEME_BODY });
    const before = await settingRows();

    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;
    const huge = `data:image/png;base64,${'A'.repeat(4 * Math.ceil((256 * 1024 + 3) / 3))}`;
    const refusals: [string, object, string, string][] = [
      [LOGO, { customer_logo: svg }, 'customer_logo', 'validation.logo.format'],
      // Checked by content: an SVG declared as PNG is still refused.
      [
        LOGO,
        { customer_logo: svg.replace('image/svg+xml', 'image/png') },
        'customer_logo',
        'validation.logo.format',
      ],
      [LOGO, { customer_icon: huge }, 'customer_icon', 'validation.logo.size'],
      [
        LOGO,
        { customer_logo: 'https://ok.example.com/a.png', customer_icon: 'javascript:alert(1)' },
        'customer_icon',
        'validation.logo.format',
      ],
      [LOGO, { customer_logo: 'ftp://example.com/a.png' }, 'customer_logo', 'validation.logo.format'],
      [
        THEME,
        { ...THEME_BODY, detail: { ...THEME_BODY.detail, primary_color: 'red' } },
        'detail.primary_color',
        'validation.color',
      ],
      [
        THEME,
        { ...THEME_BODY, detail: { ...THEME_BODY.detail, main_background_color: '#12345g' } },
        'detail.main_background_color',
        'validation.color',
      ],
      [THEME, { id: -1, detail: THEME_BODY.detail }, 'id', 'validation.theme'],
    ];
    for (const [url, payload, field, key] of refusals) {
      const response = await call({ method: 'POST', url, payload, headers: { 'accept-language': 'de' } });
      const body = response.json();
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      expect(body.code).toBe(400001);
      expect(body.data.errors).toContainEqual({ field, message: translate('de', key) });
    }
    expect(await settingRows()).toEqual(before);
  });

  it('refuses writes without setting:sys:customer-logo (403001) and without a token (600003)', async () => {
    const owner = await loggedIn(app);
    const customerWithoutNumber = await loggedIn(app, { role: Role.customer });
    for (const call of [owner.call, customerWithoutNumber.call]) {
      for (const [url, payload] of [
        [LOGO, { customer_logo: 'https://cdn.example.com/x.png' }],
        [THEME, THEME_BODY],
      ] as const) {
        const response = await call({ method: 'POST', url, payload });
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe(403001);
      }
    }
    // Reading is open to any logged-in user.
    expect((await data(owner.call, { method: 'GET', url: LOGO })).customer_logo.value.uri).toBeNull();

    for (const url of [LOGO, THEME]) {
      const response = await app.inject({ method: 'POST', url, payload: THEME_BODY });
      expect(response.json().code).toBe(600003);
    }
    expect(await settingRows()).toEqual([]);
  });
});
