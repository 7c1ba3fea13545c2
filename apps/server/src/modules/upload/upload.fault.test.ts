import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UPLOAD_CHUNK_SIZE } from '@vitrine/contract';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { S3Settings } from '../../config';
import { openDatabase } from '../../db/client';
import { createStorage } from '../../platform/storage';
import { mp4, sha256 } from '../../test/media-files';
import { parseMail } from '../../test/outbox';
import { startS3Server } from '../../test/s3-server';
import { mediaKey } from '../media';

// A crash must not lose an upload, so the real server (src/main.ts, its own process, the embedded
// database in DATA_DIR) is killed with SIGKILL in the middle of an upload and started again on the
// same DATA_DIR; the upload resumes where it was and the stored file's SHA-256 is the original's.
// Once with the files under DATA_DIR, once with storage on an S3-compatible server, where the
// server comes back with a DATA_DIR of its own (as on another machine) holding only the database:
// the parts sent before the crash are found in the store.

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-fault-'));
let dataDir = path.join(workDir, 'data');
/** The object store the server is started with (STORAGE_*), none for DATA_DIR. */
let storage: S3Settings | undefined;
const OWNER = { email: 'fault@vitrine.test', password: 'Fault-pass-2024' };
let server: ChildProcess | undefined;

afterAll(() => {
  kill('SIGKILL');
  fs.rmSync(workDir, { recursive: true, force: true });
});

function kill(signal: NodeJS.Signals) {
  if (server?.pid === undefined || server.exitCode !== null || server.signalCode !== null) return;
  process.kill(-server.pid, signal);
}

/** Resolves once the server process has ended. */
function exited() {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', resolve));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts src/main.ts on DATA_DIR and waits until it answers; resolves its base URL. */
async function start(port: number): Promise<string> {
  const url = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(workDir, 'server.log'), 'a');
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '', // the embedded database, whatever the suite runs on
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      CONSOLE_DIR: path.join(workDir, 'no-console'),
      PLAYER_DIR: path.join(workDir, 'no-player'),
      ADMIN_EMAIL: 'admin@vitrine.test',
      ADMIN_PASSWORD: 'Admin-pass-2024',
      LOG_LEVEL: 'warn',
      RUN_JOBS: 'true',
      STORAGE_URL: storage?.url ?? '',
      STORAGE_ENDPOINT: storage?.endpoint ?? '',
      STORAGE_ACCESS_KEY_ID: storage?.accessKeyId ?? '',
      STORAGE_SECRET_ACCESS_KEY: storage?.secretAccessKey ?? '',
      STORAGE_PATH_STYLE: String(storage?.forcePathStyle ?? false),
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  const child = server;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const answered = await fetch(`${url}/backend/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return url;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not start:\n${fs.readFileSync(path.join(workDir, 'server.log'), 'utf8')}`);
}

async function call(
  url: string,
  pathname: string,
  init: { token?: string; json?: object; bytes?: Buffer } = {},
) {
  const response = await fetch(`${url}/backend${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': init.bytes ? 'application/octet-stream' : 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.bytes ? new Uint8Array(init.bytes) : JSON.stringify(init.json ?? {}),
  });
  return response.json();
}

/** A company owner, registered and activated through the API (the activation mail lands in DATA_DIR/outbox). */
async function registerOwner(url: string): Promise<string> {
  const registered = await call(url, '/account/register', {
    json: {
      ...OWNER,
      username: 'Fault owner',
      company_name: 'Fault signs',
      confirm_password: OWNER.password,
      accept_terms: true,
    },
  });
  expect(registered.code, JSON.stringify(registered)).toBe(220000);
  const outbox = path.join(dataDir, 'outbox');
  let code: string | undefined;
  for (let tries = 0; tries < 100 && !code; tries++) {
    const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    const text = mails
      .map((name) => parseMail(fs.readFileSync(path.join(outbox, name), 'utf8')).text)
      .join('\n');
    code = /\/register\/active\?code=([\w-]+)/.exec(text)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(code, 'the activation mail').toBeDefined();
  expect((await call(url, `/account/register-active/${code}`)).code).toBe(220000);
  const login = await call(url, '/account/login', { json: { ...OWNER, accept_terms: true } });
  expect(login.code).toBe(220000);
  return login.data.token;
}

/**
 * On PGlite the first start would run initdb (about 15 s): DATA_DIR's database starts as a copy of
 * the suite's migrated template instead, as a restored server's would.
 */
async function seedDatabase() {
  const template = inject('pgliteTemplate');
  if (!template) return;
  fs.mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase(undefined, dataDir, {
    loadDataDir: new Blob([fs.readFileSync(template)]),
  });
  await database.close();
}

let s3: S3Settings;
beforeAll(async () => {
  s3 = await startS3Server();
});

it.each(['local', 's3'] as const)(
  '%s: resumes after the server is killed mid-upload, and stores exactly the original bytes',
  async (kind) => {
    dataDir = path.join(workDir, `data-${kind}`);
    storage = kind === 's3' ? s3 : undefined;
    await seedDatabase();
    const port = await freePort();
    let url = await start(port);
    const token = await registerOwner(url);
    const bytes = mp4(5 * UPLOAD_CHUNK_SIZE - 4321);
    const hash = sha256(bytes);
    const part = (index: number) =>
      bytes.subarray(index * UPLOAD_CHUNK_SIZE, (index + 1) * UPLOAD_CHUNK_SIZE);
    const send = (id: string, index: number) =>
      call(url, `/manager/common/slice-upload?upload_id=${id}&index=${index}`, { token, bytes: part(index) });

    const init = await call(url, '/manager/common/slice-upload-init', {
      token,
      json: { hash, size: bytes.length, name: 'fault.mp4', mime: 'video/mp4' },
    });
    expect(init.code, JSON.stringify(init)).toBe(220000);
    const id: string = init.data.upload_id;
    for (const index of [0, 1, 2]) expect((await send(id, index)).code).toBe(220000);
    // The fourth part is on its way when the process dies.
    const inFlight = send(id, 3).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 5));
    kill('SIGKILL');
    await inFlight;
    await exited();
    if (kind === 's3') {
      const next = path.join(workDir, 'data-s3-next');
      fs.mkdirSync(next);
      fs.renameSync(path.join(dataDir, 'db'), path.join(next, 'db'));
      dataDir = next;
    }

    url = await start(port);
    const check = await call(url, '/manager/common/slice-upload-check', {
      token,
      json: { hash, size: bytes.length },
    });
    expect(check.code, JSON.stringify(check)).toBe(220000);
    expect(check.data.upload_id).toBe(id);
    expect(check.data.parts).toEqual(expect.arrayContaining([0, 1, 2]));
    for (let index = 0; index < 5; index++) {
      if (!check.data.parts.includes(index)) expect((await send(id, index)).code).toBe(220000);
    }
    const finished = await call(url, '/manager/common/slice-upload-finish', {
      token,
      json: { upload_id: id },
    });
    expect(finished.code, JSON.stringify(finished)).toBe(220000);
    expect(finished.data).toMatchObject({ hash, size: bytes.length, name: 'fault.mp4' });
    const store = createStorage({ dataDir, storage });
    const stored = await store.get(mediaKey(hash));
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.stream ?? []) chunks.push(chunk as Buffer);
    const left: string[] = [];
    for await (const { key } of store.list('uploads/')) left.push(key);
    await store.close();
    expect(left, 'the parts, gone with the upload').toEqual([]);
    expect(sha256(Buffer.concat(chunks))).toBe(hash);
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual([]);

    kill('SIGTERM');
    await exited();
  },
  300_000,
);
