// What the benchmarks on PostgreSQL share (bench/team, bench/dashboard, bench/fleet, bench/publish,
// bench/license, bench/brand): a fresh database on a PostgreSQL server, the real server started on
// it, and logging in to it and calling its API.
// The server is DATABASE_URL's; without it a CI server already running from .ci/postgres.sh
// (shared, left running), or a throwaway one started with `.ci/postgres.sh start` and stopped
// when the database is dropped, or whatever way the process ends.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { launchServer } from '../scripts/launch.mjs';

/**
 * The user and device lists' count stops at this many matches (packages/contract/src/limits.ts,
 * TypeScript, not importable here: read from the source so the bare SQL counts as the server does).
 */
export const LIST_TOTAL_CAP = Number(
  fs
    .readFileSync(new URL('../packages/contract/src/limits.ts', import.meta.url), 'utf8')
    .match(/LIST_TOTAL_CAP = ([\d_]+);/)[1]
    .replaceAll('_', ''),
);

const CI_POSTGRES = 'postgres://postgres@127.0.0.1:55432/postgres';
const CI_STATE = '/tmp/vitrine-ci-postgres';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

// The throwaway PostgreSQL goes whatever way this process ends (the shell's trap).
let ownPostgres = false;
const stopPostgres = () => {
  if (!ownPostgres) return;
  ownPostgres = false;
  spawnSync('bash', [path.join(root, '.ci/postgres.sh'), 'stop'], { stdio: 'inherit' });
};
process.once('exit', stopPostgres);

/**
 * Creates the database `name` (which must be a plain identifier) on the PostgreSQL server.
 * Answers its URL and drop(), which drops it and stops a server this process started.
 */
export async function freshDatabase(name) {
  let admin;
  try {
    const adminUrl = await postgresServer();
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.end();
        } finally {
          stopPostgres();
        }
      },
    };
  } catch (err) {
    await admin?.end().catch(() => {});
    stopPostgres();
    throw err;
  }
}

/** The server to create the database on: DATABASE_URL, the CI one already running, or a new one. */
async function postgresServer() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  // Another run's CI server (tests in parallel) is shared, not restarted under it.
  if (fs.existsSync(CI_STATE) && (await reachable(CI_POSTGRES))) return CI_POSTGRES;
  const { status } = spawnSync('bash', [path.join(root, '.ci/postgres.sh'), 'start'], { stdio: 'inherit' });
  if (status !== 0) throw new Error(`.ci/postgres.sh start failed (exit ${status})`);
  ownPostgres = true;
  return CI_POSTGRES;
}

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** POST /backend/account/login; answers the session token. */
export async function logIn(url, email, password) {
  const response = await fetch(`${url}/backend/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, accept_terms: true }),
  });
  const body = await response.json();
  if (body.code !== 220000) throw new Error(`login of ${email} answered ${JSON.stringify(body)}`);
  return body.data.token;
}

/**
 * Calls of the real server's API as the session `token`: call(method, route, body) answers the
 * envelope's data and throws unless the answer is 200 with code 220000. With timeoutMs, a call
 * not answered by then throws a TimeoutError.
 */
export function apiCaller(url, token, { timeoutMs } = {}) {
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' };
  const withBody = { ...headers, 'Content-Type': 'application/json' };
  return async (method, route, body) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: body === undefined ? headers : withBody,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
    });
    const answer = await response.json();
    if (response.status !== 200 || answer.code !== 220000)
      throw new Error(
        `${method} ${route} answered ${response.status} ${JSON.stringify(answer).slice(0, 300)}`,
      );
    return answer.data;
  };
}

/**
 * What a bench on PostgreSQL starts with: a work folder, a fresh database, the real server on it
 * (it migrates and creates the system account `admin`; the API alone unless `env` names a
 * CONSOLE_DIR) and a pool of `poolSize` connections. `stop()` ends all of it, the folder last.
 */
export async function benchServer(name, { admin, env = {}, poolSize = 4 }) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `vitrine-bench-${name}-`));
  const stops = [() => fs.rmSync(workDir, { recursive: true, force: true })];
  const stop = async () => {
    while (stops.length > 0) await stops.pop()();
  };
  try {
    const database = await freshDatabase(`vitrine_bench_${name}_${process.pid}`);
    stops.push(database.drop);
    const server = await launchServer({
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: path.join(workDir, 'data'),
        CONSOLE_DIR: path.join(workDir, 'no-console'),
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'warn',
        ...env,
      },
      logFile: path.join(workDir, 'server.log'),
    });
    stops.push(server.stop);
    const pool = new pg.Pool({ connectionString: database.url, max: poolSize });
    stops.push(() => pool.end());
    return { server, pool, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
