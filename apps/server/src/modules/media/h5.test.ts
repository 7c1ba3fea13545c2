import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ContentType,
  DEFAULT_ROLE_PERMISSIONS,
  H5_MAX_ENTRIES,
  H5_MAX_UNPACKED_BYTES,
  ResultCode,
  Role,
} from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contents, rolePermissions } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { deflatedZeros, png, sha256, type ZipEntryOptions, zip } from '../../test/media-files';
import { buildMember, buildTenant, callAs } from '../../test/team-factories';
import { unpackH5 } from './h5';
import { processContent } from './media';
import { h5Dir, h5Key, mediaPath } from './storage';

// H5 content: a zip uploaded through the chunked upload, unpacked by processing, every unsafe
// package refused with its reason, a good one served file by file in a sandbox, gone with its zip.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

type Entries = [name: string, content: string | Buffer, options?: ZipEntryOptions][];
const INDEX = '<!doctype html><title>Menu</title><script src="app.js"></script>';

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, call: await callAs(app, t.owner) };
}

/** An H5 content whose zip is stored, processed; answers its row. */
async function processedPackage(bytes: Buffer) {
  const hash = sha256(bytes);
  const file = mediaPath(app.config.dataDir, hash);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.writeFile(file, bytes);
  const { root } = await buildTenant(app);
  const item = await buildContent(app, root, {
    type: ContentType.h5,
    name: 'Package.zip',
    mime: 'application/zip',
    hash,
    size: bytes.length,
    state: 'processing',
  });
  await processContent(app, item.id);
  const [row] = await app.db.select().from(contents).where(eq(contents.id, item.id));
  return row;
}

const refusedWith = async (entries: Entries, problem: string) => {
  const row = await processedPackage(zip(entries));
  expect(row, problem).toMatchObject({ state: 'failed', problem });
  expect(fs.existsSync(h5Dir(app.config.dataDir, row.hash as string))).toBe(false);
};

describe('unpacking an H5 package', () => {
  it('refuses a name that leads outside the package', async () => {
    for (const name of [
      '../evil.html',
      'site/../../evil.html',
      '/etc/evil.html',
      'C:/evil.html',
      'a\\..\\evil.html',
    ]) {
      await refusedWith(
        [
          ['index.html', INDEX],
          [name, 'pwned'],
        ],
        'h5.unsafePath',
      );
    }
    expect(fs.existsSync(path.join(app.config.dataDir, 'evil.html'))).toBe(false);
    expect(fs.existsSync(path.join(app.config.dataDir, 'media', 'evil.html'))).toBe(false);
  });

  it('refuses a symbolic link', async () => {
    await refusedWith(
      [
        ['index.html', INDEX],
        ['secrets', '/etc/passwd', { mode: 0o120777 }],
      ],
      'h5.symlink',
    );
  });

  it('refuses more files than allowed', async () => {
    const entries: Entries = [['index.html', INDEX]];
    for (let i = 0; i < H5_MAX_ENTRIES; i++) entries.push([`img/${i}.txt`, String(i)]);
    await refusedWith(entries, 'h5.tooManyFiles');
  });

  it('refuses a bomb by the bytes it inflates to, whatever its header claims', async () => {
    // 201 MiB of zeros in a zip of about 200 KB.
    const zeros = deflatedZeros(H5_MAX_UNPACKED_BYTES / (1024 * 1024) + 1);
    expect(zeros.length).toBeLessThan(300 * 1024);
    // Claimed honestly, the header refuses it before anything inflates.
    const honest = H5_MAX_UNPACKED_BYTES + 1024 * 1024;
    await refusedWith(
      [
        ['index.html', INDEX],
        ['zeros.bin', '', { deflated: zeros, declaredSize: honest }],
      ],
      'h5.tooLarge',
    );
    // Claiming a kilobyte, it is stopped by counting what inflates.
    await refusedWith(
      [
        ['index.html', INDEX],
        ['zeros.bin', '', { deflated: zeros, declaredSize: 1024 }],
      ],
      'h5.tooLarge',
    );
  });

  it('counts the bytes of every entry together, and what inflates against what each claims', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-h5-'));
    const unpack = async (entries: Entries) => {
      const file = path.join(work, `${Math.random()}.zip`);
      fs.writeFileSync(file, zip(entries));
      return unpackH5(file, path.join(work, path.basename(file, '.zip')), {
        entries: 10,
        bytes: 3 * 1024 * 1024,
      });
    };
    try {
      const mib = deflatedZeros(1);
      const entry = (name: string, declaredSize = 1024 * 1024): Entries[number] => [
        name,
        '',
        { deflated: mib, declaredSize },
      ];
      // Three MiB fit; a fourth lying about its size does not.
      expect(await unpack([['index.html', INDEX], entry('a'), entry('b')])).toMatchObject({ files: 3 });
      await expect(
        unpack([['index.html', INDEX], entry('a'), entry('b'), entry('c', 1)]),
      ).rejects.toMatchObject({
        problem: 'h5.tooLarge',
      });
      // Within the limit, an entry inflating to more than it claims is damaged.
      await expect(unpack([['index.html', INDEX], entry('a', 10)])).rejects.toMatchObject({
        problem: 'h5.corrupt',
      });
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it('refuses a package without index.html at its top, and a damaged zip', async () => {
    await refusedWith([['page.html', INDEX]], 'h5.noIndex');
    await refusedWith([['deep/er/index.html', INDEX]], 'h5.noIndex');
    await refusedWith(
      [
        ['one/index.html', INDEX],
        ['two/app.js', ''],
      ],
      'h5.noIndex',
    );
    const row = await processedPackage(Buffer.concat([zip([['index.html', INDEX]]).subarray(0, 40)]));
    expect(row).toMatchObject({ state: 'failed', problem: 'h5.corrupt' });
    // An entry inflating to less than it claims is damaged, too.
    await refusedWith([['index.html', INDEX, { deflate: true, declaredSize: 10_000 }]], 'h5.corrupt');
  });

  it('unpacks a package whose files are in one top folder, dropping the folder and macOS’s extras', async () => {
    const row = await processedPackage(
      zip([
        ['menu/', ''],
        ['menu/index.html', INDEX, { deflate: true }],
        ['menu/css/site.css', 'body{}'],
        ['__MACOSX/menu/._index.html', 'junk'],
        ['menu/.DS_Store', 'junk'],
      ]),
    );
    expect(row).toMatchObject({ state: 'ready', problem: null, meta: { files: 2 } });
    const site = h5Dir(app.config.dataDir, row.hash as string);
    expect(fs.readdirSync(site, { recursive: true }).map(String).sort()).toEqual([
      'css',
      path.join('css', 'site.css'),
      'index.html',
    ]);
  });
});

describe('an H5 package through the upload, served sandboxed', () => {
  it('uploads a zip as H5 content, serves its files with their types in a sandbox, and removes them with it', async () => {
    const t = await tenant();
    const bytes = zip([
      ['index.html', INDEX],
      ['app.js', 'document.title = "ok";'],
      ['data/prices.json', '{"tea":2}'],
      ['img/logo.png', await png(4, 4)],
      ['My Menu.txt', 'spaces'],
    ]);
    const hash = sha256(bytes);
    const post = async (name: string, payload: object) =>
      (await t.call({ method: 'POST', url: `/backend/manager/common/${name}`, payload })).json();
    const started = await post('slice-upload-init', {
      hash,
      size: bytes.length,
      name: 'Menu.zip',
      mime: 'application/zip',
    });
    expect(started.code, JSON.stringify(started)).toBe(ResultCode.success);
    const part = await t.call({
      method: 'POST',
      url: `/backend/manager/common/slice-upload?upload_id=${started.data.upload_id}&index=0`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(part.json().code).toBe(ResultCode.success);
    const finished = await post('slice-upload-finish', { upload_id: started.data.upload_id });
    expect(finished.data).toMatchObject({ type: ContentType.h5, state: 'processing', entry_url: null });
    await processContent(app, finished.data.id);

    const listed = await t.call({ method: 'GET', url: '/backend/manager/resource', query: { type: '5' } });
    const [item] = listed.json().data.list;
    expect(item).toMatchObject({
      id: finished.data.id,
      state: 'ready',
      template_type_id: null,
      entry_url: `/backend/media/h5/${hash}/index.html`,
    });

    const page = await app.inject({ method: 'GET', url: item.entry_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX);
    expect(page.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "sandbox allow-scripts; frame-ancestors 'self'",
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(page.headers['set-cookie']).toBeUndefined();
    const again = await app.inject({
      method: 'GET',
      url: item.entry_url,
      headers: { 'if-none-match': page.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const base = `/backend/media/h5/${hash}`;
    for (const [file, type] of [
      ['app.js', 'text/javascript; charset=utf-8'],
      ['data/prices.json', 'application/json'],
      ['img/logo.png', 'image/png'],
      ['My%20Menu.txt', 'text/plain; charset=utf-8'],
      ['', 'text/html; charset=utf-8'],
    ]) {
      const response = await app.inject({ method: 'GET', url: `${base}/${file}` });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type'], file).toBe(type);
    }

    // Nothing outside the package, no folder, nothing of another hash.
    const zipFile = mediaPath(app.config.dataDir, hash);
    for (const url of [
      `${base}/../${hash.slice(0, 2)}/${hash}`,
      `${base}/%2e%2e/%2e%2e/${hash.slice(0, 2)}/${hash}`,
      `${base}/..%2f..%2f${hash.slice(0, 2)}%2f${hash}`,
      `${base}/img`,
      `${base}/img/`,
      `${base}/a%5c..%5capp.js`,
      `${base}/missing.html`,
      `/backend/media/h5/${'0'.repeat(64)}/index.html`,
      '/backend/media/h5/not-a-hash/index.html',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      // 400 where the path is no longer a package's (a URL resolving its `..`), else not found.
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.rawPayload.equals(fs.readFileSync(zipFile)), url).toBe(false);
    }

    // Deleted to the recycle bin it stays; purged, the zip and its unpacked files go.
    const siteFiles = async () => {
      const keys: string[] = [];
      for await (const { key } of app.storage.list(`${h5Key(hash)}/`)) keys.push(key);
      return keys;
    };
    const remove = (url: string, method: 'DELETE', payload: object) => t.call({ method, url, payload });
    await remove('/backend/manager/resource', 'DELETE', { ids: [item.id] });
    expect(await siteFiles()).toContain(`${h5Key(hash)}/index.html`);
    await remove('/backend/manager/resource/purge', 'DELETE', { ids: [item.id] });
    expect(await siteFiles()).toEqual([]);
    expect(fs.existsSync(zipFile)).toBe(false);
  });

  it('refuses a file that claims to be a zip but is not, and callers without res:template:list', async () => {
    const t = await tenant();
    const bytes = await png(8, 8);
    const init = (call: typeof t.call, name: string) =>
      call({
        method: 'POST',
        url: '/backend/manager/common/slice-upload-init',
        payload: { hash: sha256(bytes), size: bytes.length, name },
      });
    const started = (await init(t.call, 'fake.zip')).json();
    expect(started.code).toBe(ResultCode.success);
    const part = await t.call({
      method: 'POST',
      url: `/backend/manager/common/slice-upload?upload_id=${started.data.upload_id}&index=0`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(part.json()).toMatchObject({
      code: ResultCode.validation,
      msg: expect.stringContaining('content'),
    });
    // A member whose role lacks res:template:list.
    const without = DEFAULT_ROLE_PERMISSIONS[Role.user].filter((key) => key !== 'res:template:list');
    await app.db.insert(rolePermissions).values({ roleId: Role.user, permissions: [...without] });
    await app.matrix.invalidate();
    try {
      const member = await callAs(app, await buildMember(app, t.root, Role.user));
      expect((await init(member, 'menu.zip')).json().code).toBe(ResultCode.permission);
    } finally {
      await app.db.delete(rolePermissions).where(eq(rolePermissions.roleId, Role.user));
      await app.matrix.invalidate();
    }
  });
});
