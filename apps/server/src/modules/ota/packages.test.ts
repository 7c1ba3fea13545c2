import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ContentType, ResultCode, Role, SHIPPED_PLAYER_VERSION, UPLOAD_CHUNK_SIZE } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { compare as semverCompare } from 'semver';
import { beforeAll, describe, expect, it } from 'vitest';
import { otaPackages, uploads } from '../../db/schema';
import { buildStoreInstances, buildTestApp } from '../../test/app';
import { sentThrough } from '../../test/chunked-upload';
import { loggedIn } from '../../test/factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { packageKey, seedShippedPlayer } from './packages';
import { versionSortKey } from './versions';

// OTA packages through the real routes: the upload, the MD5 check (a mismatch leaves nothing),
// versions (format, order, one per model), models, edit, delete, the built-in player build, and
// who may call any of it.

type Call = (options: InjectOptions) => Promise<LightMyRequestResponse>;
type Item = {
  id: number;
  version: string;
  builtin: boolean;
  md5: string | null;
  size: number | null;
  description: string;
  models: { id: number; name: string }[];
};

const URL = '/backend/manager/ota/package';
/** Rows a refused request may touch without that being a change: sessions and logins. */
const AUDIT = ['sessions', 'users', 'login_history', 'jobs'];

let app: FastifyInstance;
let system: Call;
let modelA: number;
let modelB: number;

const unique = () => Math.random().toString(36).slice(2, 8);
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
/** A file of a few parts, different every time. */
const fileBytes = (size = UPLOAD_CHUNK_SIZE * 2 + 1000) => {
  const bytes = Buffer.alloc(size, unique());
  bytes.write(unique(), 0);
  return bytes;
};

async function envelope(call: Call, method: InjectOptions['method'], url: string, payload?: object) {
  const response = await call({ method, url, payload });
  return { status: response.statusCode, ...response.json() };
}

async function model(name: string) {
  const created = await envelope(system, 'POST', '/backend/manager/device-model', {
    name,
    width: 1920,
    height: 1080,
    orientation: 0,
    media_types: [ContentType.video],
    features: [],
  });
  expect(created.code, JSON.stringify(created)).toBe(ResultCode.success);
  return created.data.id as number;
}

/** Sends the whole file through the package upload; answers the upload's id. */
const sent = (call: Call, bytes: Buffer, name = 'player.zip') => sentThrough(call, URL, bytes, name);

const create = (call: Call, payload: object) => envelope(call, 'POST', URL, payload);

async function uploaded(version: string, modelIds: number[], bytes = fileBytes()) {
  const uploadId = await sent(system, bytes);
  const created = await create(system, {
    version,
    md5: md5(bytes).toUpperCase(),
    description: 'Faster start',
    model_ids: modelIds,
    upload_id: uploadId,
  });
  expect(created.code, JSON.stringify(created)).toBe(ResultCode.success);
  return created.data as Item;
}

const packageFiles = () => {
  const dir = path.join(app.config.dataDir, 'packages');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const partFiles = () => fs.readdirSync(path.join(app.config.dataDir, 'uploads'));
const fingerprint = () => databaseFingerprint(app.db, AUDIT);

beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
  modelA = await model(`Kiosk ${unique()}`);
  modelB = await model(`Wall ${unique()}`);
});

describe('uploading a package', () => {
  it('keeps a package whose MD5 matches, its file in the packages folder under a name of its own', async () => {
    const bytes = fileBytes();
    const item = await uploaded('2.1.0', [modelA, modelB], bytes);
    expect(item).toMatchObject({
      version: '2.1.0',
      builtin: false,
      md5: md5(bytes),
      size: bytes.length,
      description: 'Faster start',
      file_name: 'player.zip',
      created_by: expect.any(String),
    });
    expect(item.models.map((m) => m.id).sort()).toEqual([modelA, modelB].sort());
    const [row] = await app.db.select().from(otaPackages).where(eq(otaPackages.id, item.id));
    const stored = path.join(app.config.dataDir, 'packages', row.fileId as string);
    expect(fs.readFileSync(stored).equals(bytes)).toBe(true);
    expect(await app.db.select().from(uploads).where(eq(uploads.purpose, 'package'))).toEqual([]);
    const detail = await envelope(system, 'GET', `${URL}/${item.id}`);
    expect(detail.data).toEqual(item);
  });

  it('refuses a file whose MD5 is not the code entered, and leaves no row and no file', async () => {
    const bytes = fileBytes();
    const before = await fingerprint();
    const files = packageFiles().length;
    const parts = partFiles().length;
    const uploadId = await sent(system, bytes);
    const refused = await create(system, {
      version: '2.2.0',
      md5: md5(Buffer.from('something else')),
      model_ids: [modelA],
      upload_id: uploadId,
    });
    expect(refused).toMatchObject({
      code: ResultCode.validation,
      msg: "The file's MD5 does not match the code entered.",
    });
    expect(packageFiles()).toHaveLength(files);
    expect(partFiles()).toHaveLength(parts);
    // The upload went with the refusal: the database is as it was before the upload began.
    expect(await fingerprint()).toBe(before);
  });

  it('answers a refused version, md5, models or description with its message and changes nothing', async () => {
    const bytes = fileBytes(1000);
    const uploadId = await sent(system, bytes);
    const good = { version: '3.0.0', md5: md5(bytes), model_ids: [modelA], upload_id: uploadId };
    const before = await fingerprint();
    const format = 'Enter the version as MAJOR.MINOR.PATCH';
    const cases: [object, string][] = [
      [{ version: '3.0' }, format],
      [{ version: 'v3.0.0' }, format],
      [{ version: '3.0.0+build.1' }, format],
      [{ version: '03.0.0' }, format],
      [{ version: '3.0.0-' }, format],
      [{ version: undefined }, 'Please input the version'],
      [{ md5: 'abc' }, 'The MD5 code is 32 hexadecimal characters'],
      [{ md5: 'g'.repeat(32) }, 'The MD5 code is 32 hexadecimal characters'],
      [{ md5: undefined }, 'Please input the md5'],
      [{ model_ids: [] }, 'Select at least one device model'],
      [{ model_ids: undefined }, 'Select at least one device model'],
      [{ description: 'x'.repeat(257) }, 'Text can be at most 256 characters long'],
    ];
    for (const [change, msg] of cases) {
      const refused = await create(system, { ...good, ...change });
      expect(refused, JSON.stringify(change)).toMatchObject({
        code: ResultCode.validation,
        msg: expect.stringContaining(msg),
      });
    }
    const unknownModel = await create(system, { ...good, model_ids: [modelA, 2_000_000_000] });
    expect(unknownModel.code).toBe(ResultCode.notFound);
    expect(await fingerprint()).toBe(before);
    // The upload is still there: the operator corrects the details and creates the package.
    const created = await create(system, good);
    expect(created.code, JSON.stringify(created)).toBe(ResultCode.success);
  });

  it('refuses a version a model already has, naming both, and keeps the upload for another try', async () => {
    await uploaded('4.0.0-beta.1', [modelA]);
    const bytes = fileBytes(5000);
    const uploadId = await sent(system, bytes);
    const before = await fingerprint();
    const taken = await create(system, {
      version: '4.0.0-beta.1',
      md5: md5(bytes),
      model_ids: [modelB, modelA],
      upload_id: uploadId,
    });
    expect(taken.code).toBe(ResultCode.duplicate);
    expect(taken.msg).toMatch(/^Version 4\.0\.0-beta\.1 already exists for Kiosk /);
    expect(await fingerprint()).toBe(before);
    // Another model may have the same version.
    const other = await create(system, {
      version: '4.0.0-beta.1',
      md5: md5(bytes),
      model_ids: [modelB],
      upload_id: uploadId,
    });
    expect(other.code, JSON.stringify(other)).toBe(ResultCode.success);
  });

  it('refuses a file above 1 GB at init, before a byte is sent', async () => {
    const refused = await envelope(system, 'POST', `${URL}/slice-upload-init`, {
      hash: 'a'.repeat(64),
      size: 1_073_741_825,
      name: 'huge.zip',
    });
    expect(refused).toMatchObject({ code: ResultCode.validation });
    expect(JSON.stringify(refused)).toContain('Packages must be 1 GB or smaller');
  });

  it('does not finish a package’s upload as library content', async () => {
    const bytes = fileBytes(1000);
    const uploadId = await sent(system, bytes);
    const finish = await envelope(system, 'POST', '/backend/manager/common/slice-upload-finish', {
      upload_id: uploadId,
    });
    expect(finish.code).toBe(ResultCode.permission);
  });
});

describe('a package on the object store', () => {
  it('is stored in the store from parts sent to two processes (a DATA_DIR each), and goes with its delete', async () => {
    const { first, second } = await buildStoreInstances();
    const { token } = await loggedIn(first, { role: Role.system });
    const calls = [first, second].map(
      (instance) => (options: InjectOptions) =>
        instance.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } }),
    );
    let turn = 0;
    const alternating: Call = (options) => calls[turn++ % 2](options);
    const kiosk = await envelope(calls[0], 'POST', '/backend/manager/device-model', {
      name: `Kiosk ${unique()}`,
      width: 1920,
      height: 1080,
      orientation: 0,
      media_types: [ContentType.video],
      features: [],
    });
    const bytes = fileBytes();
    const uploadId = await sentThrough(alternating, URL, bytes, 'player.zip');
    const created = await create(calls[1], {
      version: '3.0.0',
      md5: md5(bytes),
      description: '',
      model_ids: [kiosk.data.id],
      upload_id: uploadId,
    });
    expect(created.code, JSON.stringify(created)).toBe(ResultCode.success);
    const [row] = await first.db.select().from(otaPackages).where(eq(otaPackages.id, created.data.id));
    const stored = await first.storage.get(packageKey(row.fileId as string));
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    for (const instance of [first, second]) {
      expect(fs.existsSync(path.join(instance.config.dataDir, 'packages'))).toBe(false);
    }
    const left: string[] = [];
    for await (const { key } of first.storage.list('uploads/')) left.push(key);
    expect(left).toEqual([]);
    expect((await envelope(calls[0], 'DELETE', URL, { ids: [created.data.id] })).code).toBe(
      ResultCode.success,
    );
    expect(await first.storage.exists(packageKey(row.fileId as string))).toBe(false);
  });
});

describe('the package list', () => {
  it('sorts by version as semver does, newest first, and filters by model and keyword', async () => {
    const panel = await model(`Panel ${unique()}`);
    for (const version of ['1.10.0', '1.2.0', '1.10.0-rc.2', '1.10.0-rc.10', '1.10.0-alpha', '1.9.9'])
      await uploaded(version, [panel], fileBytes(100));
    const list = await envelope(system, 'GET', `${URL}?model_id=${panel}&page_size=50`);
    expect(list.data.list.map((item: Item) => item.version)).toEqual([
      '1.10.0',
      '1.10.0-rc.10',
      '1.10.0-rc.2',
      '1.10.0-alpha',
      '1.9.9',
      '1.2.0',
    ]);
    expect(list.data.total).toBe(6);
    const ascending = await envelope(system, 'GET', `${URL}?model_id=${panel}&sort=version,asc&page_size=2`);
    expect(ascending.data.list.map((item: Item) => item.version)).toEqual(['1.2.0', '1.9.9']);
    const keyword = await envelope(system, 'GET', `${URL}?model_id=${panel}&keyword=rc.1`);
    expect(keyword.data.list.map((item: Item) => item.version)).toEqual(['1.10.0-rc.10']);
  });

  it('orders keys as semver precedence', () => {
    const versions = [
      '1.0.0',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0-a-b',
      '1.0.0-a.b',
      '0.9.0',
      '10.0.0',
    ];
    const byKey = [...versions].sort((a, b) => (versionSortKey(a) < versionSortKey(b) ? -1 : 1));
    const bySemver = [...versions].sort((a, b) => semverCompare(a, b));
    expect(byKey).toEqual(bySemver);
  });

  it('shows the shipped player build as a built-in row, once, that is neither edited nor deleted', async () => {
    await seedShippedPlayer(app.db);
    const list = await envelope(system, 'GET', `${URL}?keyword=${SHIPPED_PLAYER_VERSION}&page_size=50`);
    const builtin = list.data.list.filter((item: Item) => item.builtin);
    expect(builtin).toHaveLength(1);
    expect(builtin[0]).toMatchObject({ version: SHIPPED_PLAYER_VERSION, md5: null, size: null, models: [] });
    const before = await fingerprint();
    const deleted = await envelope(system, 'DELETE', URL, { ids: [builtin[0].id] });
    expect(deleted.code).toBe(ResultCode.stateConflict);
    const edited = await envelope(system, 'PATCH', `${URL}/${builtin[0].id}`, { model_ids: [modelA] });
    expect(edited.code).toBe(ResultCode.stateConflict);
    expect(await fingerprint()).toBe(before);
  });
});

describe('editing and deleting', () => {
  it('edits the description and models, still one package of a version per model', async () => {
    const first = await uploaded('5.0.0', [modelA]);
    const second = await uploaded('5.0.0', [modelB]);
    const edited = await envelope(system, 'PATCH', `${URL}/${first.id}`, {
      description: 'Kiosks only',
      model_ids: [modelA, modelA],
    });
    expect(edited.data).toMatchObject({ description: 'Kiosks only', models: [{ id: modelA }] });
    const before = await fingerprint();
    const clash = await envelope(system, 'PATCH', `${URL}/${first.id}`, { model_ids: [modelB] });
    expect(clash.code).toBe(ResultCode.duplicate);
    expect(await fingerprint()).toBe(before);
    const missing = await envelope(system, 'PATCH', `${URL}/2000000000`, { model_ids: [modelA] });
    expect(missing.code).toBe(ResultCode.notFound);
    expect(second.models).toEqual([expect.objectContaining({ id: modelB })]);
  });

  it('deletes several at once with their files, all or none', async () => {
    const one = await uploaded('6.0.0', [modelA]);
    const two = await uploaded('6.0.1', [modelA]);
    const files = packageFiles().length;
    const before = await fingerprint();
    const partly = await envelope(system, 'DELETE', URL, { ids: [one.id, 2_000_000_000] });
    expect(partly.code).toBe(ResultCode.notFound);
    expect(await fingerprint()).toBe(before);
    const deleted = await envelope(system, 'DELETE', URL, { ids: [one.id, two.id] });
    expect(deleted.code).toBe(ResultCode.success);
    expect(packageFiles()).toHaveLength(files - 2);
    expect((await envelope(system, 'GET', `${URL}/${one.id}`)).code).toBe(ResultCode.notFound);
  });
});

describe('who may', () => {
  it('lets the system operator in, and no customer, owner or user', async () => {
    const operator = (await loggedIn(app, { role: Role.systemOperator })).call;
    expect((await envelope(operator, 'GET', URL)).code).toBe(ResultCode.success);
    for (const role of [Role.customer, Role.owner, Role.userAdmin, Role.user]) {
      const { call } = await loggedIn(app, { role });
      const before = await fingerprint();
      for (const [method, url, payload] of [
        ['GET', URL],
        ['GET', `${URL}/1`],
        ['POST', `${URL}/slice-upload-init`, { hash: 'a'.repeat(64), size: 10, name: 'a.zip' }],
        ['PATCH', `${URL}/1`, { model_ids: [modelA] }],
        ['DELETE', URL, { ids: [1] }],
      ] as const) {
        const answer = await envelope(call, method, url, payload);
        expect(answer.code, `${role} ${method} ${url}`).toBe(ResultCode.permission);
      }
      expect(await fingerprint()).toBe(before);
    }
  });
});
