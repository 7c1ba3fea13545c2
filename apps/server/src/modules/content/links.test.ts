import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContentType, ResultCode } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { contentFolders, contents } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { buildTenant, callAs } from '../../test/team-factories';
import { isFramable, isPrivateAddress } from './links';

// Websites and streams, checked against a real HTTP server on 127.0.0.1: loopback is a private
// address, so one app allows those hosts (as an operator would with CONTENT_HOST_ALLOWLIST) and
// another, configured as shipped, refuses it.

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const PAGES: Record<string, { status?: number; headers: Record<string, string> }> = {
  '/ok': { headers: HTML },
  '/xhtml': { headers: { 'content-type': 'application/xhtml+xml' } },
  '/deny': { headers: { ...HTML, 'x-frame-options': 'DENY' } },
  '/sameorigin': { headers: { ...HTML, 'x-frame-options': 'sameorigin' } },
  '/allow-from': { headers: { ...HTML, 'x-frame-options': 'ALLOW-FROM https://a.example' } },
  '/csp-none': {
    headers: { ...HTML, 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" },
  },
  '/csp-self': { headers: { ...HTML, 'content-security-policy': "frame-ancestors 'self'" } },
  '/csp-list': { headers: { ...HTML, 'content-security-policy': 'frame-ancestors https://a.example' } },
  '/csp-star': { headers: { ...HTML, 'content-security-policy': "frame-ancestors 'self' *" } },
  '/csp-ours': { headers: { ...HTML, 'content-security-policy': 'frame-ancestors http://vitrine.test' } },
  '/json': { headers: { 'content-type': 'application/json' } },
  '/missing': { status: 404, headers: HTML },
};

let server: http.Server;
let base: string;
let port: number;
let allowing: FastifyInstance;
let shipped: FastifyInstance;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (chain) {
      const left = Number(chain[1]);
      response.writeHead(left === 0 ? 200 : 302, left === 0 ? HTML : { location: `/chain/${left - 1}` });
      response.end('<html></html>');
      return;
    }
    if (url.pathname === '/slow') return; // never answers
    if (url.pathname === '/to') {
      response.writeHead(301, { location: url.searchParams.get('where') ?? '/ok' });
      response.end();
      return;
    }
    const page = PAGES[url.pathname];
    response.writeHead(page?.status ?? (page ? 200 : 404), page?.headers ?? HTML);
    response.end('<html><body>page</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  // A site that does not answer is given up on after websiteTimeoutMs: 2 s here, not 8.
  allowing = await buildTestApp({
    contentHostAllowList: ['127.0.0.1', 'localhost'],
    websiteTimeoutMs: 2_000,
  });
  shipped = await buildTestApp();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function owner(app: FastifyInstance) {
  const t = await buildTenant(app);
  return { ...t, call: await callAs(app, t.owner) };
}

const WEBSITE = '/backend/manager/resource/website';
const STREAM = '/backend/manager/resource/stream';

describe('isPrivateAddress', () => {
  it('refuses private, loopback, link-local, unique-local, CGNAT, multicast and unspecified addresses', () => {
    for (const address of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '0.0.0.0',
      '::',
      '::1',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('refuses every special-purpose range of the IANA registries', () => {
    for (const address of [
      '192.0.0.8', // IETF protocol assignments
      '192.0.2.1', // documentation
      '198.51.100.7',
      '203.0.113.9',
      '198.18.0.1', // benchmarking
      '198.19.255.254',
      '240.0.0.1', // reserved
      '192.88.99.1', // 6to4 relay anycast (deprecated)
      '2001:db8::1', // documentation
      '3fff::1',
      '2001:2::1', // benchmarking
      '100::1', // discard
      '5f00::1', // segment routing
      'fec0::1', // site-local
      '4000::1', // outside global unicast
      '64:ff9b:1::8.8.8.8', // local-use NAT64
      'fe80::1%eth0',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('decides an IPv6 address that carries an IPv4 one on the IPv4 one', () => {
    for (const address of [
      '::127.0.0.1', // IPv4-compatible
      '::7f00:1',
      '::10.0.0.1',
      '::ffff:0:7f00:1', // IPv4-translated
      '::ffff:0:a9fe:a9fe',
      '::ffff:a9fe:a9fe', // IPv4-mapped, hex
      '64:ff9b::127.0.0.1', // NAT64
      '64:ff9b::a00:1',
      '2002:7f00:1::', // 6to4
      '2002:c0a8:101::1',
      '2001:0:7f00:1::1', // Teredo: the server
      '2001:0:808:808::80ff:fefe', // Teredo: the client, inverted (127.0.1.1)
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of [
      '::ffff:8.8.8.8',
      '::ffff:0:808:808',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
      '2001:0:808:808::f7f7:f7f7', // Teredo: server 8.8.8.8, client 8.8.8.8
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe('isFramable', () => {
  const origin = new URL('https://signage.example.com');
  const csp = (policy: string) => isFramable({ 'content-security-policy': policy }, origin);

  it('reads X-Frame-Options', () => {
    expect(isFramable({}, origin)).toBe(true);
    expect(isFramable({ 'x-frame-options': 'DENY' }, origin)).toBe(false);
    expect(isFramable({ 'x-frame-options': 'SAMEORIGIN' }, origin)).toBe(false);
    expect(isFramable({ 'x-frame-options': 'ALLOW-FROM https://signage.example.com' }, origin)).toBe(true);
  });

  it('reads CSP frame-ancestors: none, self or other origins refuse; *, the scheme or our origin allow', () => {
    expect(csp("frame-ancestors 'none'")).toBe(false);
    expect(csp('frame-ancestors')).toBe(false);
    expect(csp("frame-ancestors 'self'")).toBe(false);
    expect(csp('frame-ancestors https://other.example')).toBe(false);
    expect(csp('frame-ancestors https://signage.example.com:8443')).toBe(false);
    expect(csp('frame-ancestors *')).toBe(true);
    expect(csp('frame-ancestors https:')).toBe(true);
    expect(csp('frame-ancestors https://signage.example.com')).toBe(true);
    expect(csp('frame-ancestors *.example.com')).toBe(true);
    expect(csp("default-src 'none'")).toBe(true);
    // Two policies: both must allow it.
    expect(csp("frame-ancestors *, frame-ancestors 'none'")).toBe(false);
  });
});

describe('CONTENT_HOST_ALLOWLIST', () => {
  it('reads host names and addresses, comma-separated, as links name them', () => {
    const config = loadConfig({ CONTENT_HOST_ALLOWLIST: ' Intranet.LAN , [::1],, 10.0.0.1' });
    expect(config.contentHostAllowList).toEqual(['intranet.lan', '::1', '10.0.0.1']);
    expect(loadConfig({}).contentHostAllowList).toEqual([]);
  });
});

describe('POST resource/website', () => {
  it('adds a framable web page as a ready website in the default folder', async () => {
    const t = await owner(allowing);
    const response = await t.call({
      method: 'POST',
      url: WEBSITE,
      payload: { name: 'Menu', link: `${base}/ok`, refresh_seconds: 60, zoom: 1.5 },
    });
    expect(response.json().code, response.body).toBe(ResultCode.success);
    const item = response.json().data;
    expect(item).toMatchObject({
      name: 'Menu',
      type: ContentType.website,
      state: 'ready',
      size: 0,
      link: `${base}/ok`,
      refresh_seconds: 60,
      zoom: 1.5,
      uploader_id: t.owner.id,
      url: null,
    });
    const [folder] = await allowing.db
      .select()
      .from(contentFolders)
      .where(eq(contentFolders.id, item.folder_id));
    expect(folder).toMatchObject({ workspaceId: t.root.id, isDefault: true });
  });

  it('accepts XHTML, ALLOW-FROM, frame-ancestors * or naming this server, redirects to such a page, and allowed host names', async () => {
    const t = await owner(allowing);
    const links = [
      ...['/xhtml', '/allow-from', '/csp-star', '/csp-ours', '/to?where=/ok', '/chain/5'].map(
        (path) => `${base}${path}`,
      ),
      // An allowed host name, reached at the address its lookup gave.
      `http://localhost:${port}/ok`,
    ];
    for (const link of links) {
      const response = await t.call({ method: 'POST', url: WEBSITE, payload: { name: 'Page', link } });
      expect(response.json().code, `${link}: ${response.body}`).toBe(ResultCode.success);
    }
  });

  it('refuses what cannot be framed, what is no web page and what does not answer, adding nothing', async () => {
    const t = await owner(allowing);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const cases: [string, string][] = [
      [`${base}/deny`, 'This website does not allow itself to be shown inside another page'],
      [`${base}/sameorigin`, 'This website does not allow itself to be shown inside another page'],
      [`${base}/csp-none`, 'This website does not allow itself to be shown inside another page'],
      [`${base}/csp-self`, 'This website does not allow itself to be shown inside another page'],
      [`${base}/csp-list`, 'This website does not allow itself to be shown inside another page'],
      [`${base}/json`, 'This address is not a web page'],
      [`${base}/to?where=ftp://127.0.0.1/file`, 'This address is not a web page'],
      [`${base}/missing`, 'This website could not be reached'],
      [`${base}/chain/6`, 'This website could not be reached'],
      [`http://127.0.0.1:${closedPort}/`, 'This website could not be reached'],
      ['http://nothing.invalid/', 'This website could not be reached'],
    ];
    const before = await databaseFingerprint(allowing.db);
    for (const [link, msg] of cases) {
      const response = await t.call({ method: 'POST', url: WEBSITE, payload: { name: 'Page', link } });
      expect(response.statusCode, link).toBe(400);
      expect(response.json(), link).toEqual({ code: ResultCode.validation, msg, data: null });
    }
    expect(await databaseFingerprint(allowing.db)).toBe(before);
  });

  it('gives up on a site that does not answer within its time: 8 seconds unless configured', async () => {
    expect(loadConfig({}).websiteTimeoutMs).toBe(8_000);
    const t = await owner(allowing);
    const started = Date.now();
    const response = await t.call({
      method: 'POST',
      url: WEBSITE,
      payload: { name: 'Page', link: `${base}/slow` },
    });
    expect(response.json().msg).toBe('This website could not be reached');
    expect(Date.now() - started).toBeGreaterThanOrEqual(allowing.config.websiteTimeoutMs - 100);
  });

  it('refuses a redirect to a private address, even from an allowed host', async () => {
    const t = await owner(allowing);
    for (const where of [
      'http://10.0.0.1/',
      `http://127.0.0.2:${port}/ok`,
      'http://[::1]/',
      'http://169.254.169.254/',
    ]) {
      const response = await t.call({
        method: 'POST',
        url: WEBSITE,
        payload: { name: 'Page', link: `${base}/to?where=${encodeURIComponent(where)}` },
      });
      expect(response.json(), where).toMatchObject({
        code: ResultCode.validation,
        msg: 'This address is on a private network. An operator must allow its host first.',
      });
    }
  });

  it('refuses loopback and private addresses when no host is allowed', async () => {
    const t = await owner(shipped);
    for (const link of [
      `${base}/ok`,
      `http://localhost:${port}/ok`,
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://2130706433/',
    ]) {
      const response = await t.call({ method: 'POST', url: WEBSITE, payload: { name: 'Page', link } });
      expect(response.json(), link).toMatchObject({
        code: ResultCode.validation,
        msg: expect.stringContaining('private network'),
      });
    }
  });

  it('refuses links that are not http(s) by the contract’s rule', async () => {
    const t = await owner(allowing);
    for (const link of ['ftp://127.0.0.1/', 'javascript:alert(1)', 'file:///etc/passwd', 'not a url']) {
      const response = await t.call({ method: 'POST', url: WEBSITE, payload: { name: 'Page', link } });
      expect(response.json().code, link).toBe(ResultCode.validation);
      expect(response.json().data.errors[0].field).toBe('link');
    }
  });
});

describe('PATCH resource/website/:id', () => {
  it('re-checks the link and saves the changes', async () => {
    const t = await owner(allowing);
    const created = (
      await t.call({ method: 'POST', url: WEBSITE, payload: { name: 'Menu', link: `${base}/ok` } })
    ).json().data;
    const refused = await t.call({
      method: 'PATCH',
      url: `${WEBSITE}/${created.id}`,
      payload: { name: 'Menu', link: `${base}/deny` },
    });
    expect(refused.json().code).toBe(ResultCode.validation);
    const response = await t.call({
      method: 'PATCH',
      url: `${WEBSITE}/${created.id}`,
      payload: { name: 'Menu 2', link: `${base}/xhtml`, refresh_seconds: 30, zoom: 0.5 },
    });
    expect(response.json().data).toMatchObject({
      id: created.id,
      name: 'Menu 2',
      link: `${base}/xhtml`,
      refresh_seconds: 30,
      zoom: 0.5,
    });
  });

  it('refuses a website in use (409001), another type’s id and another company’s website (404001)', async () => {
    const t = await owner(allowing);
    const website = await buildContent(allowing, t.root, { type: ContentType.website, link: `${base}/ok` });
    const image = await buildContent(allowing, t.root);
    const other = await owner(allowing);
    const foreign = await buildContent(allowing, other.root, {
      type: ContentType.website,
      link: `${base}/ok`,
    });
    allowing.uses.content.register('test-wall', {
      find: async (_tx, ids) => (ids.includes(website.id) ? [{ id: 1, name: 'Wall' }] : []),
      detach: async () => {},
    });
    const before = await databaseFingerprint(allowing.db);
    const edit = (id: number) =>
      t.call({ method: 'PATCH', url: `${WEBSITE}/${id}`, payload: { name: 'Taken', link: `${base}/ok` } });
    expect((await edit(website.id)).json().code).toBe(ResultCode.inUse);
    expect((await edit(image.id)).json().code).toBe(ResultCode.notFound);
    expect((await edit(foreign.id)).json().code).toBe(ResultCode.notFound);
    expect(await databaseFingerprint(allowing.db)).toBe(before);
  });
});

describe('streams', () => {
  it('adds and edits a stream whose host passes the address rules, without fetching it', async () => {
    const t = await owner(allowing);
    const response = await t.call({
      method: 'POST',
      url: STREAM,
      payload: { name: 'Live', link: `${base}/live/index.m3u8` },
    });
    expect(response.json().data).toMatchObject({
      name: 'Live',
      type: ContentType.stream,
      state: 'ready',
      link: `${base}/live/index.m3u8`,
      refresh_seconds: null,
    });
    const id = response.json().data.id;
    const edited = await t.call({
      method: 'PATCH',
      url: `${STREAM}/${id}`,
      payload: { name: 'Live 2', link: `${base}/live/manifest.mpd` },
    });
    expect(edited.json().data).toMatchObject({ id, name: 'Live 2', link: `${base}/live/manifest.mpd` });
    const [row] = await allowing.db.select().from(contents).where(eq(contents.id, id));
    expect(row.link).toBe(`${base}/live/manifest.mpd`);
  });

  it('refuses private addresses without the allow list, unknown hosts, and other schemes', async () => {
    const t = await owner(shipped);
    const privateLink = await t.call({
      method: 'POST',
      url: STREAM,
      payload: { name: 'Live', link: `${base}/x.m3u8` },
    });
    expect(privateLink.json().msg).toContain('private network');
    // IPv6 forms of a loopback address, stored by none.
    for (const host of ['[::127.0.0.1]', '[64:ff9b::127.0.0.1]', '[2002:7f00:1::]', '[::ffff:0:7f00:1]']) {
      const link = `http://${host}:${port}/x.m3u8`;
      const response = await t.call({ method: 'POST', url: STREAM, payload: { name: 'Live', link } });
      expect(response.json(), link).toMatchObject({
        code: ResultCode.validation,
        msg: expect.stringContaining('private network'),
      });
    }
    const unknown = await t.call({
      method: 'POST',
      url: STREAM,
      payload: { name: 'Live', link: 'https://nothing.invalid/x.m3u8' },
    });
    expect(unknown.json().msg).toBe('This website could not be reached');
    const rtmp = await t.call({
      method: 'POST',
      url: STREAM,
      payload: { name: 'Live', link: 'rtmp://example.com/live' },
    });
    expect(rtmp.json().code).toBe(ResultCode.validation);
  });

  it('puts a stream into a folder of the caller’s, never another company’s', async () => {
    const t = await owner(allowing);
    const [folder] = await allowing.db
      .insert(contentFolders)
      .values({ companyId: t.company.id, workspaceId: t.root.id, name: 'Streams' })
      .returning();
    const response = await t.call({
      method: 'POST',
      url: STREAM,
      payload: { name: 'Live', link: `${base}/x.m3u8`, folder_id: folder.id },
    });
    expect(response.json().data.folder_id).toBe(folder.id);
    const other = await owner(allowing);
    const foreign = await other.call({
      method: 'POST',
      url: STREAM,
      payload: { name: 'Live', link: `${base}/x.m3u8`, folder_id: folder.id },
    });
    expect(foreign.json().code).toBe(ResultCode.notFound);
  });
});
