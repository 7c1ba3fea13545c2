// What bench/fleet, bench/publish, bench/cluster and bench/ota share: a company whose devices are seeded with known tokens,
// and the player processes (fleet-players.mjs) holding those tokens, forked and watched from here.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { n, seconds } from './figures.mjs';

// From packages/contract/src (TypeScript, not importable here): enums.ts, patterns.ts.
export const DeviceStatus = { online: 1, offline: 2 };
const SIGNAGE_ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** The first connect, per player process: at most `rate` a second, `window` awaiting a welcome. */
export const CONNECT = { rate: 250, window: 50 };
/** Player n's device token: `<name>-token-` and n in 8 digits (≥ 20 characters, as the socket requires: a name of 5 letters or more). */
const TOKEN_DIGITS = 8;
const tokenPrefix = (name) => `${name.toLowerCase()}-token-`;
/** The device token of player `index` (from 1) of seedFleet(name). */
export const playerToken = (name, index) =>
  `${tokenPrefix(name)}${String(index).padStart(TOKEN_DIGITS, '0')}`;

/** The time the player processes report in (performance.timeOrigin + now), comparable across processes. */
export const clock = () => performance.timeOrigin + performance.now();

const here = path.dirname(fileURLToPath(import.meta.url));
// The player processes go whatever way this process ends.
const children = [];
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * The company `name` with its root workspace and `owner` (a known password), and `players` devices
 * claimed into it, offline, in `timezone` (null: none), in one INSERT … SELECT: device n has the
 * token of player n (stored as its SHA-256, as platform/tokens.ts does), a signage ID spelling n
 * in base 31 and the name "Screen n". Answers the company's and the workspace's ids and the
 * device ids; the caller runs ANALYZE once it has added its own rows.
 */
export async function seedFleet(pool, { name, owner, players, timezone = null }) {
  const one = async (text, values) => (await pool.query(text, values)).rows[0];
  const company = await one(`INSERT INTO companies (name, origin) VALUES ($1, 1) RETURNING id`, [name]);
  const workspace = await one(
    `INSERT INTO workspaces (company_id, parent_id, name) VALUES ($1, NULL, 'Root') RETURNING id`,
    [company.id],
  );
  const user = await one(
    `INSERT INTO users (email, username, nickname, password_hash, role_id, status, company_id,
                        workspace_id, active_workspace_id)
     VALUES ($1, $2, $3, $4, 6, 1, $5, $6, $6) RETURNING id`,
    [
      owner.email,
      `${name.toLowerCase()}-owner`,
      `${name} owner`,
      await hash(owner.password),
      company.id,
      workspace.id,
    ],
  );
  await pool.query('UPDATE companies SET owner_user_id = $1 WHERE id = $2', [user.id, company.id]);
  const { rows } = await pool.query(
    `INSERT INTO devices (signage_id, token_hash, company_id, workspace_id, name, status, claimed_at, timezone)
     SELECT (SELECT string_agg(substr($1, ((g::bigint / pow(31, k)::bigint) % 31)::int + 1, 1), '' ORDER BY k DESC)
             FROM generate_series(0, 5) k),
            encode(sha256(convert_to($6 || lpad(g::text, $7, '0'), 'UTF8')), 'hex'),
            $2, $3, 'Screen ' || g, $4, now(), $8
     FROM generate_series(1, $5) g
     RETURNING id`,
    [
      SIGNAGE_ID_ALPHABET,
      company.id,
      workspace.id,
      DeviceStatus.offline,
      players,
      tokenPrefix(name),
      TOKEN_DIGITS,
      timezone,
    ],
  );
  return { companyId: company.id, workspaceId: workspace.id, deviceIds: rows.map((row) => row.id) };
}

/**
 * Binds a permanent commercial licence to each of the devices, as the platform, a company and its
 * owner's binds would (a device without a licence cannot be scheduled): one batch minted at the
 * platform and passed to the company, then one ledger row per device, so the pools stay the
 * ledger's sums (docs/license.md).
 */
export async function licenseFleet(pool, { name, companyId, deviceIds }) {
  const quantity = deviceIds.length;
  const { rows } = await pool.query(
    `INSERT INTO license_batches (type, batch_no, validity_type, quantity)
     VALUES ('commercial', $1, 'permanent', $2) RETURNING id`,
    [`bench-${name.toLowerCase()}`, quantity],
  );
  const values = [rows[0].id, quantity, companyId];
  await pool.query(
    `INSERT INTO license_transfers (batch_id, from_kind, from_id, to_kind, to_id, quantity)
     VALUES ($1, NULL, NULL, 'platform', 0, $2), ($1, 'platform', 0, 'company', $3, $2)`,
    values,
  );
  await pool.query(
    `INSERT INTO license_pools (holder_kind, holder_id, batch_id, received, held)
     VALUES ('platform', 0, $1, $2, 0), ('company', $3, $1, $2, 0)`,
    values,
  );
  await pool.query(
    `WITH bound AS (
       INSERT INTO license_transfers (batch_id, from_kind, from_id, to_kind, to_id, quantity)
       SELECT $1, 'company', $2, 'device', d, 1 FROM unnest($3::int[]) d RETURNING id, to_id)
     INSERT INTO device_licenses (device_id, batch_id, transfer_id, bound_at)
     SELECT to_id, $1, id, now() FROM bound`,
    [rows[0].id, companyId, deviceIds],
  );
}

/**
 * Forks `processes` player processes, each with its slice of the tokens of seedFleet(name) and
 * `start` (url, and manifest for bench/publish) with CONNECT; `start` may be a function of the
 * process's index (bench/cluster: each process its own server). `onMessage` hears every message
 * from them. Answers reportAll (every process's report; throws once one died), send (to every
 * process), waitAllOnline and stop.
 */
export function forkPlayers({ name, players, processes, start, onMessage = () => {} }) {
  const reports = new Map();
  const procs = [];
  let stopping = false;
  let died = null;
  const per = Math.ceil(players / processes);
  for (let p = 0; p < processes; p++) {
    const tokens = [];
    for (let i = p * per + 1; i <= Math.min(players, (p + 1) * per); i++) tokens.push(playerToken(name, i));
    const child = fork(path.join(here, 'fleet-players.mjs'), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    procs.push({ child, size: tokens.length });
    child.on('message', (message) => {
      onMessage(message);
      if (message.type === 'report') reports.get(child)?.(message);
    });
    child.once('exit', (code, signal) => {
      if (!stopping) died = `a player process exited (${signal ?? code})`;
    });
    child.send({ type: 'start', tokens, ...(typeof start === 'function' ? start(p) : start), ...CONNECT });
  }

  const report = (child) =>
    new Promise((resolve) => {
      reports.set(child, resolve);
      child.send({ type: 'report' });
    });
  const reportAll = () => {
    if (died) throw new Error(died);
    return Promise.all(procs.map(({ child }) => report(child)));
  };
  return {
    reportAll,
    send(message) {
      for (const { child } of procs) child.send(message);
    },
    /**
     * Until every player is welcomed since `since`, or timeoutS: answers how many are online, when
     * the last one was welcomed (or when it gave up), whether all were and, if not, how many wait
     * for what. With `progress`, prints the count every 15 s.
     */
    async waitAllOnline(since, timeoutS, { progress = false } = {}) {
      const deadline = clock() + timeoutS * 1000;
      let lastPrint = clock();
      for (;;) {
        const all = await reportAll();
        const online = all.reduce((sum, r) => sum + r.online, 0);
        if (all.every((r, i) => r.online === procs[i].size && r.fullSince !== null && r.fullSince >= since))
          return { online, at: Math.max(...all.map((r) => r.fullSince)), all: true };
        if (clock() > deadline) {
          const waiting = {};
          for (const r of all)
            for (const [what, count] of Object.entries(r.waiting))
              waiting[what] = (waiting[what] ?? 0) + count;
          return { online, at: clock(), all: false, waiting };
        }
        if (progress && clock() - lastPrint >= 15_000) {
          lastPrint = clock();
          console.log(`    … ${n(online)} online after ${seconds(clock() - since)}`);
        }
        await sleep(100);
      }
    },
    async stop() {
      stopping = true;
      await Promise.all(
        procs.map(
          ({ child }) =>
            new Promise((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', resolve);
              child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}

/** The real server process: the node child of scripts/start.mjs, which launchServer spawned. */
export function serverPid() {
  const all = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return { pid: Number(pid), ppid, cmd: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') };
      } catch {
        return null; // gone meanwhile
      }
    })
    .filter(Boolean);
  const starter = all.find((p) => p.ppid === process.pid && p.cmd.includes('scripts/start.mjs'));
  const node = starter && all.find((p) => p.ppid === starter.pid && p.cmd.includes('dist/main.js'));
  if (!node) throw new Error('the server process was not found under scripts/start.mjs');
  return node.pid;
}

/** The real server's resident memory, in KB. */
export function serverRssKb() {
  const status = fs.readFileSync(`/proc/${serverPid()}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)[1]);
}
