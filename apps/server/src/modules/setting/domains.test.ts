import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_BRAND_ELEMENT_ID, Role, translate } from '@vitrine/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { customDomains, systemProperties } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { type as, loggedIn } from '../../test/factories';
import { buildCustomer } from '../../test/team-factories';

// Custom domains, system properties, and the console's page branded by the host it is asked at.

const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-console-'));
fs.writeFileSync(
  path.join(consoleDir, 'index.html'),
  '<!doctype html><html><head><link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>Vitrine</title></head><body></body></html>',
);

let app: FastifyInstance;
let system: Awaited<ReturnType<typeof loggedIn>>;
beforeAll(async () => {
  app = await buildTestApp({ consoleDir });
  system = await loggedIn(app, { role: Role.system });
});

type Caller = ReturnType<typeof as>;
const DOMAIN = '/backend/manager/sys/custom-domain';
const PROPERTY = '/backend/manager/sys/system-property';
const THEME = '/backend/manager/sys/setting/customer-theme';

const send = async (call: Caller, options: InjectOptions) => (await call(options)).json();
const data = async (call: Caller, options: InjectOptions) => {
  const body = await send(call, options);
  expect(body.code, JSON.stringify(body)).toBe(220000);
  return body.data;
};
let hosts = 0;
const freshHost = () => `signage-${++hosts}-${Date.now().toString(36)}.example.com`;

/** The console's page as a browser at `host` gets it, and the brand written into it. */
async function pageAt(host: string) {
  const response = await app.inject({ method: 'GET', url: '/', headers: { host } });
  expect(response.statusCode).toBe(200);
  const json = new RegExp(
    `<script type="application/json" id="${PAGE_BRAND_ELEMENT_ID}">(.*?)</script>`,
  ).exec(response.body);
  return { html: response.body, brand: JSON.parse(json?.[1] ?? 'null') };
}

describe('custom domains', () => {
  it.each([
    ['', 'domain.host.required'],
    ['localhost', 'domain.host.dot'],
    ['signage.example.com:8443', 'domain.host.port'],
    ['sign_age.example.com', 'domain.host.chars'],
    ['bücher.example.com', 'domain.host.chars'],
    ['-signage.example.com', 'domain.host.hyphen'],
    ['signage-.example.com', 'domain.host.hyphen'],
    ['signage..example.com', 'domain.host.label'],
    [`${'a'.repeat(64)}.example.com`, 'domain.host.label'],
    [`${'a.'.repeat(126)}com`, 'domain.host.length'],
    ['10.0.0.1', 'domain.host.numeric'],
  ])('refuses %j with its message, saving nothing', async (host, key) => {
    const { call, customer } = await buildCustomer(app);
    const body = await send(call, { method: 'POST', url: DOMAIN, payload: { host } });
    expect(body.code).toBe(400001);
    expect(body.msg).toContain(translate('en', key));
    expect(
      (await app.db.select().from(customDomains)).filter((row) => row.customerId === customer.id),
    ).toEqual([]);
  });

  it('keeps a host lowercased, accepts punycode, and gives each host to one customer only', async () => {
    const first = await buildCustomer(app);
    const second = await buildCustomer(app);
    const host = freshHost();
    const saved = await data(first.call, {
      method: 'POST',
      url: DOMAIN,
      payload: { host: ` ${host.toUpperCase()} ` },
    });
    expect(saved).toMatchObject({ host, customer_id: first.customer.id, customer_name: first.customer.name });
    await data(first.call, { method: 'POST', url: DOMAIN, payload: { host: `xn--bcher-kva.${host}` } });

    const taken = await send(second.call, { method: 'POST', url: DOMAIN, payload: { host } });
    expect(taken.code).toBe(409006);
    expect(taken.msg).toBe(translate('en', 'domain.taken', { host }));
    // Renaming another domain onto it is refused the same way.
    const own = await data(second.call, { method: 'POST', url: DOMAIN, payload: { host: freshHost() } });
    const renamed = await send(second.call, { method: 'PUT', url: `${DOMAIN}/${own.id}`, payload: { host } });
    expect(renamed.code).toBe(409006);
  });

  it('shows a customer only its own domains, the system role all of them with their customer', async () => {
    const first = await buildCustomer(app);
    const second = await buildCustomer(app);
    const a = await data(first.call, { method: 'POST', url: DOMAIN, payload: { host: freshHost() } });
    const b = await data(second.call, { method: 'POST', url: DOMAIN, payload: { host: freshHost() } });

    expect(
      (await data(first.call, { method: 'GET', url: DOMAIN })).list.map((row: { id: number }) => row.id),
    ).toEqual([a.id]);
    const all = (await data(system.call, { method: 'GET', url: DOMAIN })).list;
    expect(all).toEqual(expect.arrayContaining([a, b]));

    // Another customer's domain answers 404001 and stays as it was.
    for (const options of [
      { method: 'PUT', url: `${DOMAIN}/${b.id}`, payload: { host: freshHost() } },
      { method: 'DELETE', url: `${DOMAIN}/${b.id}` },
    ] as const) {
      expect((await send(first.call, options)).code).toBe(404001);
    }
    // Naming another customer in the body too.
    const foreign = await send(first.call, {
      method: 'POST',
      url: DOMAIN,
      payload: { host: freshHost(), customer_id: second.customer.id },
    });
    expect(foreign.code).toBe(404001);
    expect((await data(second.call, { method: 'GET', url: DOMAIN })).list).toEqual([b]);

    await data(first.call, { method: 'DELETE', url: `${DOMAIN}/${a.id}` });
    expect((await data(first.call, { method: 'GET', url: DOMAIN })).list).toEqual([]);
  });

  it('lets the system role map a host to a customer it names, and asks for one', async () => {
    const { customer } = await buildCustomer(app);
    const missing = await send(system.call, { method: 'POST', url: DOMAIN, payload: { host: freshHost() } });
    expect(missing.code).toBe(400001);
    expect(missing.msg).toBe(translate('en', 'domain.host.customer'));
    const unknown = await send(system.call, {
      method: 'POST',
      url: DOMAIN,
      payload: { host: freshHost(), customer_id: 2_000_000_000 },
    });
    expect(unknown.code).toBe(404001);
    const saved = await data(system.call, {
      method: 'POST',
      url: DOMAIN,
      payload: { host: freshHost(), customer_id: customer.id },
    });
    expect(saved.customer_id).toBe(customer.id);
  });

  it('is closed to a company owner', async () => {
    const owner = await loggedIn(app, { role: Role.owner });
    expect((await send(owner.call, { method: 'GET', url: DOMAIN })).code).toBe(403001);
    expect((await send(owner.call, { method: 'GET', url: PROPERTY })).code).toBe(403001);
  });
});

describe('system properties', () => {
  it('refuses unknown names with the known ones, and names and values over their lengths', async () => {
    const { call } = await buildCustomer(app);
    const unknown = await send(call, {
      method: 'POST',
      url: PROPERTY,
      payload: { name: 'colour', value: 'x' },
    });
    expect(unknown.code).toBe(400001);
    expect(unknown.msg).toContain('site_title, support_email or support_url');
    const cases = [
      [{ name: 'site_title' }, 'property.value.required'],
      [{ name: 'site_title', value: '  ' }, 'property.value.required'],
      [{ name: 'site_title', value: 'x'.repeat(257) }, 'property.value.max'],
      [{ name: 'x'.repeat(65), value: 'x' }, 'property.name.max'],
      [{ value: 'x' }, 'property.name.required'],
      // What the login page links to must be what the name says.
      [{ name: 'support_url', value: 'javascript:alert(1)' }, 'property.url'],
      [{ name: 'support_email', value: 'not an address' }, 'validation.email.format'],
    ] as const;
    for (const [payload, key] of cases) {
      const body = await send(call, { method: 'POST', url: PROPERTY, payload });
      expect(body.code, key).toBe(400001);
      expect(body.msg).toContain(translate('en', key));
    }
    expect(await data(call, { method: 'GET', url: PROPERTY })).toEqual({ list: [] });
  });

  it("keeps one value per name and owner; a customer's own wins over the platform's for its users", async () => {
    await app.db.delete(systemProperties);
    const first = await buildCustomer(app);
    const second = await buildCustomer(app);
    const platform = await data(system.call, {
      method: 'POST',
      url: PROPERTY,
      payload: { name: 'site_title', value: 'Vitrine Cloud' },
    });
    expect(platform).toMatchObject({ customer_id: null, customer_name: null, value: 'Vitrine Cloud' });
    const twice = await send(system.call, {
      method: 'POST',
      url: PROPERTY,
      payload: { name: 'site_title', value: 'B' },
    });
    expect(twice.code).toBe(409006);
    expect(twice.msg).toBe(translate('en', 'property.taken', { name: 'site_title' }));

    const own = await data(first.call, {
      method: 'POST',
      url: PROPERTY,
      payload: { name: 'site_title', value: 'Acme Screens' },
    });
    expect(own).toMatchObject({ customer_id: first.customer.id, customer_name: first.customer.name });
    // The customer sees only its own; the system role sees both.
    expect((await data(first.call, { method: 'GET', url: PROPERTY })).list).toEqual([own]);
    expect((await data(system.call, { method: 'GET', url: PROPERTY })).list).toEqual([platform, own]);
    // Another customer cannot touch it, nor the platform's.
    for (const id of [own.id, platform.id]) {
      expect((await send(second.call, { method: 'DELETE', url: `${PROPERTY}/${id}` })).code).toBe(404001);
      expect(
        (
          await send(second.call, {
            method: 'PUT',
            url: `${PROPERTY}/${id}`,
            payload: { name: 'site_title', value: 'x' },
          })
        ).code,
      ).toBe(404001);
    }

    const host = freshHost();
    await data(first.call, { method: 'POST', url: DOMAIN, payload: { host } });
    expect((await pageAt(host)).brand.title).toBe('Acme Screens');
    expect((await pageAt('unknown.example.org')).brand.title).toBe('Vitrine Cloud');

    const edited = await data(first.call, {
      method: 'PUT',
      url: `${PROPERTY}/${own.id}`,
      payload: { name: 'site_title', value: 'Acme <Signage>' },
    });
    expect(edited.value).toBe('Acme <Signage>');
    const { html, brand } = await pageAt(host);
    expect(brand.title).toBe('Acme <Signage>');
    expect(html).toContain('<title>Acme &#60;Signage&#62;</title>');

    await data(first.call, { method: 'DELETE', url: `${PROPERTY}/${own.id}` });
    expect((await pageAt(host)).brand.title).toBe('Vitrine Cloud');
  });
});

describe('the console page by host', () => {
  it("shows a custom domain's customer brand before login, and follows each change", async () => {
    const { call, customer } = await buildCustomer(app);
    const host = freshHost();
    // Seen once before the domain exists: the cached platform brand must not outlive the change.
    const before = await pageAt(host);
    expect(before.brand.theme.primary_color).not.toBe('#123456');

    await data(call, {
      method: 'POST',
      url: THEME,
      payload: {
        id: 0,
        detail: {
          primary_color: '#123456',
          nav_nackground_color: '#ffffff',
          main_background_color: '#eeeeee',
        },
      },
    });
    expect((await pageAt(host)).brand.theme.primary_color).not.toBe('#123456');
    await data(call, { method: 'POST', url: DOMAIN, payload: { host } });
    // On PostgreSQL the 'brand-changed' event arrives by NOTIFY just after the commit: poll.
    await expect
      .poll(async () => (await pageAt(host.toUpperCase())).brand.theme)
      .toEqual({
        primary_color: '#123456',
        nav_nackground_color: '#ffffff',
        main_background_color: '#eeeeee',
      });
    // The same page at any other host keeps the platform's look.
    expect((await pageAt('other.example.net')).brand.theme.primary_color).not.toBe('#123456');

    const icon =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const saved = await data(call, {
      method: 'POST',
      url: '/backend/manager/sys/setting/customer-logo',
      payload: { customer_icon: icon },
    });
    // Kept as a stored object: the page links its URL.
    const uri = saved.customer_icon.value.uri;
    expect(uri).toMatch(/^\/backend\/media\/[0-9a-f]{64}$/);
    await expect.poll(async () => (await pageAt(host)).brand.icon).toBe(uri);
    const { html } = await pageAt(host);
    expect(html).toContain(`<link rel="icon" href="${uri}" />`);
    // Every path the console routes is the same page.
    const deep = await app.inject({ method: 'GET', url: '/setting/logo', headers: { host } });
    expect(deep.body).toBe(html);

    // The customer deleted, its host shows the platform's look again, not the cached brand.
    await data(system.call, { method: 'DELETE', url: `/backend/manager/account/customer/${customer.id}` });
    await expect.poll(async () => (await pageAt(host)).brand.theme.primary_color).not.toBe('#123456');
  });
});
