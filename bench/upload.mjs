// bench/upload: a large file through the chunked upload protocol on the real server (check → init
// → 2 MiB parts, 6 in flight → finish, which verifies the whole file's SHA-256 and stores it)
// against a plain streamed PUT of the same bytes to disk on a bare Node HTTP server
// (bare-upload-server.mjs), in the same run. Prints both throughputs and their ratio; the goal is
// ≥ 0.7.
//   node bench/upload.mjs [--short]
// The file is a "1 GB" video: 10^9 bytes (videos must stay under 1 GiB), an MP4 header and random
// bytes (the server checks the first part's magic bytes); --short: 128 MiB.
import { spawn } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { launchServer } from '../scripts/launch.mjs';

const GOAL = 0.7;
// From packages/contract/src/limits.ts (TypeScript, not importable here).
const UPLOAD_CHUNK_SIZE = 2_097_152;
const UPLOAD_QUEUE_LIMIT = 6;
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };
const OWNER = { email: 'owner@upload.bench.test', password: 'Owner-2024!' };

const short = process.argv.includes('--short');
const size = short ? 128 * 1024 * 1024 : 1_000_000_000;

const here = path.dirname(fileURLToPath(import.meta.url));
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-upload-'));
const dataDir = path.join(workDir, 'data');
const stops = [];
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

try {
  const file = path.join(workDir, 'video.mp4');
  const hash = writeSample(file, size);
  console.log(
    `  file: ${mb(size)} MB (${size.toLocaleString('en-US')} bytes), SHA-256 ${hash.slice(0, 12)}…`,
  );

  const server = await launchServer({
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CONSOLE_DIR: path.join(workDir, 'no-console'),
      PLAYER_DIR: path.join(workDir, 'no-player'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    logFile: path.join(workDir, 'server.log'),
  });
  stops.push(server.stop);
  const token = await ownerWithDevice(server.url);

  const bare = await startBare(path.join(workDir, 'bare'));
  stops.push(bare.stop);

  // The plain PUT first: the chunked run's stored file then triggers media processing, which must
  // not share the CPU with the baseline.
  const plainSeconds = await plainPut(bare.port, file);
  const bareSize = fs.statSync(path.join(workDir, 'bare', 'upload.bin')).size;
  if (bareSize !== size) throw new Error(`the bare server stored ${bareSize} bytes of ${size}`);
  fs.rmSync(path.join(workDir, 'bare', 'upload.bin'));

  const chunkedSeconds = await chunkedUpload(server.url, token, file, hash);
  const stored = path.join(dataDir, 'media', hash.slice(0, 2), hash);
  if (fs.statSync(stored).size !== size) throw new Error('the stored file has another size');

  const plainRate = size / 1e6 / plainSeconds;
  const chunkedRate = size / 1e6 / chunkedSeconds;
  const ratio = chunkedRate / plainRate;
  console.log(`  plain streamed PUT to disk:   ${plainRate.toFixed(1)} MB/s (${plainSeconds.toFixed(2)} s)`);
  console.log(
    `  chunked upload (check → init → ${UPLOAD_CHUNK_SIZE / 1048576} MiB parts × ${UPLOAD_QUEUE_LIMIT} in flight → finish): ${chunkedRate.toFixed(1)} MB/s (${chunkedSeconds.toFixed(2)} s)`,
  );
  console.log(`  ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL}) ${ratio >= GOAL ? 'met' : 'NOT met'}`);
} finally {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}

/** Writes an MP4 header and random bytes up to `total`; answers their SHA-256. */
function writeSample(target, total) {
  const hasher = createHash('sha256');
  const fd = fs.openSync(target, 'w');
  const block = Buffer.alloc(4 * 1024 * 1024);
  try {
    for (let written = 0; written < total; ) {
      const length = Math.min(block.length, total - written);
      const bytes = block.subarray(0, length);
      randomFillSync(bytes);
      if (written === 0) {
        // ftyp box, major brand isom: what the server's magic-byte check reads.
        bytes.writeUInt32BE(24, 0);
        bytes.write('ftypisom\0\0\0\0isomiso2', 4, 'latin1');
      }
      fs.writeSync(fd, bytes);
      hasher.update(bytes);
      written += length;
    }
  } finally {
    fs.closeSync(fd);
  }
  return hasher.digest('hex');
}

async function post(url, pathname, token, body) {
  const response = await fetch(`${url}/backend${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 220000) throw new Error(`${pathname} answered ${JSON.stringify(answer)}`);
  return answer.data;
}

/**
 * A company owner through the real API (register, then the activation link from the mail the
 * server writes to DATA_DIR/outbox) with one claimed screen: 500 MB shared + 1 GB for the device
 * holds the file. The admin (system role) has no library and cannot upload.
 */
async function ownerWithDevice(url) {
  await post(url, '/account/register', null, {
    ...OWNER,
    confirm_password: OWNER.password,
    username: 'Bench owner',
    company_name: 'Bench signs',
    accept_terms: true,
  });
  const code = await activationCode();
  await post(url, `/account/register-active/${code}`, null, {});
  const login = await post(url, '/account/login', null, { ...OWNER, accept_terms: true });
  const player = await post(url, '/player/hello', null, { info: {} });
  await post(url, '/manager/device', login.token, {
    signage_id: player.signage_id,
    device_name: 'Bench screen',
    group_id: login.info.group_id,
    authentication: player.pin,
  });
  return login.token;
}

/** The activation code from the outbox (mails are written by the job runner, within a second or so). */
async function activationCode() {
  const outbox = path.join(dataDir, 'outbox');
  for (let tries = 0; tries < 300; tries++) {
    for (const name of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      // Quoted-printable: soft line breaks and "=" written as =3D.
      const raw = fs
        .readFileSync(path.join(outbox, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/gi, '=');
      const code = /\/register\/active\?code=([\w-]+)/.exec(raw)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no activation mail in the outbox');
}

/** One streamed PUT of the whole file; answers the seconds it took. */
function plainPut(port, file) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: 'PUT', path: '/upload', headers: { 'content-length': size } },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve((performance.now() - started) / 1000)
            : reject(new Error(`the bare PUT answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), request).catch(reject);
  });
}

/** The console's protocol: check, init, every part with 6 in flight, finish; answers the seconds. */
async function chunkedUpload(url, token, file, hash) {
  const started = performance.now();
  const check = await post(url, '/manager/common/slice-upload-check', token, { hash, size });
  if (check.content_id !== null) throw new Error('the file is already stored');
  const upload = await post(url, '/manager/common/slice-upload-init', token, {
    hash,
    size,
    name: 'bench.mp4',
    mime: 'video/mp4',
  });
  const handle = await fs.promises.open(file, 'r');
  const agent = new http.Agent({ keepAlive: true, maxSockets: UPLOAD_QUEUE_LIMIT });
  try {
    let next = 0;
    const worker = async () => {
      while (next < upload.part_count) {
        const index = next++;
        const length = Math.min(UPLOAD_CHUNK_SIZE, size - index * UPLOAD_CHUNK_SIZE);
        const bytes = Buffer.allocUnsafe(length); // filled by the read below
        await handle.read(bytes, 0, length, index * UPLOAD_CHUNK_SIZE);
        const answer = await sendPart(
          agent,
          url,
          `/backend/manager/common/slice-upload?upload_id=${upload.upload_id}&index=${index}`,
          token,
          bytes,
        );
        if (answer.code !== 220000) throw new Error(`part ${index} answered ${JSON.stringify(answer)}`);
      }
    };
    await Promise.all(Array.from({ length: UPLOAD_QUEUE_LIMIT }, worker));
  } finally {
    agent.destroy();
    await handle.close();
  }
  const item = await post(url, '/manager/common/slice-upload-finish', token, { upload_id: upload.upload_id });
  if (item.hash !== hash) throw new Error(`finish answered ${JSON.stringify(item)}`);
  return (performance.now() - started) / 1000;
}

/**
 * POSTs one part over a kept-alive connection with node:http, the same client the plain PUT uses,
 * so the two differ by protocol and server only.
 */
function sendPart(agent, url, pathname, token, bytes) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        method: 'POST',
        path: pathname,
        agent,
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': bytes.length,
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(bytes);
  });
}

function startBare(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const child = spawn(process.execPath, [path.join(here, 'bare-upload-server.mjs')], {
    env: { ...process.env, BARE_UPLOAD_DIR: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare upload server exited (${code})`)));
    readline.createInterface({ input: child.stdout }).once('line', (line) => {
      resolve({
        port: JSON.parse(line).port,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

function mb(bytes) {
  return (bytes / 1e6).toFixed(0);
}
