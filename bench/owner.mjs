// A company owner on the real server, through its API, as bench/upload and bench/wall need one:
// registered and activated (the activation link from the mail the server writes to
// DATA_DIR/outbox), screens paired with their signage ID and PIN, and files uploaded through the
// console's chunked protocol (check → init → 2 MiB parts, 6 in flight → finish).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { launchServer } from '../scripts/launch.mjs';

export { until } from '../scripts/launch.mjs';

// From packages/contract/src/limits.ts (TypeScript, not importable here).
export const UPLOAD_CHUNK_SIZE = 2_097_152;
export const UPLOAD_QUEUE_LIMIT = 6;

/** The first system account of the benches' servers. */
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };

/**
 * The real server as `npm start` runs it (building what is stale) on the embedded database in
 * `dataDir`, or on `databaseUrl`'s PostgreSQL, warnings and worse logged to `logFile`.
 */
export function launchBenchServer(dataDir, logFile, { databaseUrl = '' } = {}) {
  return launchServer({
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    logFile,
  });
}

/**
 * A bench's run: `body` gets a temporary directory (`vitrine-bench-<name>-…`) and a stop list it
 * pushes what it starts onto (the server, a browser, a proxy: each `() => Promise`); afterwards,
 * however it ended, the stops run last first and the directory goes. Ctrl-C or a TERM ends the
 * run through process.exit (the launched server and PostgreSQL have their own exit guards).
 */
export async function benchRun(name, body) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `vitrine-bench-${name}-`));
  const stops = [];
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  try {
    await body({ workDir, stops });
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** The machine's load averages (1, 5, 15 min), as the benches print them before and after. */
export const machineLoad = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');

/** POST /backend<pathname>; answers the envelope's data, throws on any other code than success. */
export async function post(url, pathname, token, body) {
  const response = await fetch(`${url}/backend${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 220000) throw new Error(`${pathname} answered ${JSON.stringify(answer)}`);
  return answer.data;
}

/** GET /backend<pathname>; answers the envelope's data. */
export async function get(url, pathname, token) {
  const response = await fetch(`${url}/backend${pathname}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const answer = await response.json();
  if (answer.code !== 220000) throw new Error(`${pathname} answered ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Registers and activates `owner` ({email, password}), then logs in: answers the login's data (token, info). */
export async function registerOwner(url, dataDir, owner) {
  await post(url, '/account/register', null, {
    ...owner,
    confirm_password: owner.password,
    username: 'Bench owner',
    company_name: 'Bench signs',
    accept_terms: true,
  });
  const code = await activationCode(dataDir);
  await post(url, `/account/register-active/${code}`, null, {});
  return post(url, '/account/login', null, { ...owner, accept_terms: true });
}

/** Claims the screen showing this signage ID and PIN for the owner logged in as `login`. */
export function pairScreen(url, login, { signageId, pin, name }) {
  return post(url, '/manager/device', login.token, {
    signage_id: signageId,
    device_name: name,
    group_id: login.info.group_id,
    authentication: pin,
  });
}

/** The activation code from the outbox (mails are written by the job runner, within a second or so). */
async function activationCode(dataDir) {
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

/**
 * The console's protocol for `file` (its SHA-256 `hash`, named `name`, of type `mime`): check, init,
 * every part with 6 in flight, finish; answers the stored item and the seconds it took.
 */
export async function chunkedUpload(url, token, { file, hash, name, mime }) {
  const size = fs.statSync(file).size;
  const started = performance.now();
  const check = await post(url, '/manager/common/slice-upload-check', token, { hash, size });
  if (check.content_id !== null) throw new Error('the file is already stored');
  const upload = await post(url, '/manager/common/slice-upload-init', token, { hash, size, name, mime });
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
  return { item, seconds: (performance.now() - started) / 1000 };
}

/**
 * POSTs one part over a kept-alive connection with node:http (bench/upload's plain PUT uses the
 * same client, so the two differ by protocol and server only).
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
