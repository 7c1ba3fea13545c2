// bench/cluster: a publish across a cluster (docs/scale-out.md). Two Vitrine processes, each with
// its own DATA_DIR, started together on one empty PostgreSQL database (they migrate under the
// advisory lock: one applies the migrations, the other waits); a simulated player per seeded
// device over the socket (fleet-players.mjs), the first half connected to one process and the
// second half to the other; one schedule for every device created and approved through the
// first process's API. Measures how long from sending the approval until 99 % of the players
// heard 'manifest' (those on the other process hear it over the bus, PostgreSQL's NOTIFY), each
// process's half on its own, whether any player heard it twice, and until 99 % fetched the new
// manifest from their own process.
// With --nginx, Debian's nginx stands in front as docs/scale-out.md configures it (its nginx block,
// read from the doc, on a loopback port instead of 443) and everything goes through it: the
// servers trust it (TRUST_PROXY), the players' sockets and fetches and the API calls are spread
// by it. Printed then too: how many upstream connections 200 requests (each on a new client
// connection) opened, which the doc's keepalive keeps to a few, and how it split the sockets.
//   flock /tmp/vitrine-bench.lock node bench/cluster.mjs [--short] [--nginx]
// Goal: 99 % notified ≤ 1 s after the approval is sent, at 2,000 players split over two processes.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, launchServer } from '../scripts/launch.mjs';
import { goal, n, reportServerLog, seconds, statusText } from './figures.mjs';
import { benchRun, machineLoad, until } from './owner.mjs';
import { apiCaller, freshDatabase, logIn } from './postgres.mjs';
import { publicationPlayers, publishSchedule, seedPublication } from './publication.mjs';
import { clock } from './simulated-fleet.mjs';

const GOAL = { players: 2_000, notifiedMs: 1_000 };
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };
const OWNER = { email: 'owner@cluster.bench.test', password: 'Owner-2024!' };
const SERVERS = 2;

const short = process.argv.includes('--short');
const viaNginx = process.argv.includes('--nginx');
const plan = short ? { players: 400, upS: 60, waitS: 30 } : { players: 2_000, upS: 120, waitS: 30 };
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

await benchRun('cluster', async ({ workDir, stops }) => {
  console.log(`  machine load before: ${machineLoad()}`);
  const problems = [];
  const database = await freshDatabase(`vitrine_bench_cluster_${process.pid}`);
  stops.push(database.drop);
  const common = {
    DATABASE_URL: database.url,
    CONSOLE_DIR: path.join(workDir, 'no-console'),
    PLAYER_DIR: path.join(workDir, 'no-player'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    ...(viaNginx ? { TRUST_PROXY: '127.0.0.1' } : {}),
  };
  // Built once beforehand: two starts from one checkout would each rebuild a stale server at once.
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], {
    env: { ...process.env, ...common },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`the server build failed (exit ${build.status})`);

  // 1. Two processes, started together on the empty database.
  const logs = Array.from({ length: SERVERS }, (_, i) => path.join(workDir, `server-${i + 1}.log`));
  let started = clock();
  const servers = await Promise.all(
    logs.map((logFile, i) =>
      launchServer({ env: { ...common, DATA_DIR: path.join(workDir, `data-${i + 1}`) }, logFile }),
    ),
  );
  for (const server of servers) stops.push(server.stop);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  stops.push(() => pool.end());
  const one = async (text) => (await pool.query(text)).rows[0];
  const migrations = await one(
    'SELECT count(*)::int AS applied, count(DISTINCT hash)::int AS files FROM drizzle.__drizzle_migrations',
  );
  const accounts = await one('SELECT count(*)::int AS count FROM users');
  console.log(
    `  ${SERVERS} processes started together on an empty database, both answering in ${seconds(clock() - started, 2)}: ${migrations.applied} migrations applied (${migrations.files} files), ${accounts.count} first account`,
  );
  if (migrations.applied !== migrations.files) problems.push('a migration was applied twice');
  if (accounts.count !== 1) problems.push(`${accounts.count} first accounts were created`);

  started = clock();
  const { deviceIds, contentId } = await seedPublication(pool, {
    name: 'Cluster',
    owner: OWNER,
    players: plan.players,
  });
  console.log(
    `  data: ${n(plan.players)} claimed devices (offline) and one image in one company, seeded in ${seconds(clock() - started, 2)}`,
  );
  const front = viaNginx ? await startNginx(workDir, servers) : null;
  if (front) {
    stops.push(front.stop);
    const opened = await front.upstreamConnections(200);
    console.log(
      `  nginx ${front.version} in front (docs/scale-out.md's configuration): 200 requests, each on a new client connection, opened ${n(opened)} upstream connections${opened > 20 ? ' (keepalive is NOT working)' : ''}`,
    );
    if (opened > 20) problems.push(`nginx opened ${opened} upstream connections for 200 requests`);
  }
  const entry = (p) => front?.url ?? servers[p].url;
  const token = await logIn(entry(0), OWNER.email, OWNER.password);
  const call = apiCaller(entry(0), token, { timeoutMs: 120_000 });

  // 2. Player process p holds its half of the fleet on server p (through nginx: wherever it sends
  // them); each player fetches its manifest once (it holds an ETag from then on).
  const fleet = publicationPlayers({
    name: 'Cluster',
    players: plan.players,
    processes: SERVERS,
    waitS: plan.waitS,
    start: (p) => ({ url: `${entry(p).replace(/^http/, 'ws')}/backend/player/socket`, manifest: entry(p) }),
  });
  stops.push(fleet.stop);
  started = clock();
  const up = await fleet.waitAllOnline(started, plan.upS);
  if (!up.all)
    throw new Error(`only ${n(up.online)} of ${n(plan.players)} players came online in ${plan.upS} s`);
  console.log(
    `  fleet up: ${n(up.online)} players welcomed in ${seconds(up.at - started, 2)}${front ? ' through nginx' : `, ${n(plan.players / SERVERS)} on each process`}`,
  );
  const first = await fleet.fetchAll();
  console.log(`  first fetch (no ETag): ${statusText(first.statuses)}; 99 % in ${seconds(first.p99, 2)}`);

  // 3. One schedule for every device, created (submitted) and approved on the first process.
  const { created, createdMs, sentAt, answeredAt } = await publishSchedule(call, {
    name: 'Bench cluster',
    deviceIds,
    contentId,
    beforeApproval: fleet.takeManifest, // nothing should have come yet; what did is not counted
  });
  const published = await fleet.waitManifest(sentAt, plan.waitS);
  console.log(
    `  POST schedule (${n(deviceIds.length)} devices, submitted) answered in ${seconds(createdMs, 2)}; POST schedule/${created.id}/approve (${front ? 'through nginx' : 'process 1'}) answered in ${seconds(answeredAt - sentAt, 2)}; from its sending:`,
  );
  console.log(
    `    notified ('manifest' on the socket): ${n(published.notified.count)} players; 99 % after ${seconds(published.notified.p99, 2)}, all after ${seconds(published.notified.all, 2)}`,
  );
  for (const [p, samples] of front ? [] : published.byProcess.entries()) {
    const sorted = samples.toSorted((a, b) => a - b);
    const at = (share) => sorted[Math.max(0, Math.ceil(sorted.length * share) - 1)];
    console.log(
      `      on process ${p + 1}${p === 0 ? ' (the approval’s)' : ' (over the bus)'}: ${n(samples.length)} players; p50 ${seconds(at(0.5), 3)}, p99 ${seconds(at(0.99), 3)}, max ${seconds(sorted.at(-1), 3)}`,
    );
  }
  console.log(
    `    new manifest fetched${front ? ' through nginx' : " from the player's own process"}: ${statusText(published.statuses)}; 99 % after ${seconds(published.fetched.p99, 2)}, all after ${seconds(published.fetched.all, 2)}`,
  );
  if (published.notified.count < plan.players)
    problems.push(`${n(plan.players - published.notified.count)} players never heard 'manifest'`);
  if (published.notified.count > plan.players)
    problems.push(`'manifest' was heard ${n(published.notified.count - plan.players)} times too many`);
  if ((published.statuses.get(200) ?? 0) < plan.players)
    problems.push(
      `${n(plan.players - (published.statuses.get(200) ?? 0))} players did not fetch a new manifest`,
    );
  if (front) {
    // nginx logs a socket when it closes: the players go first.
    await fleet.stop();
    const split = await front.socketsByUpstream(plan.players);
    console.log(
      `  sockets nginx sent to each process: ${servers.map((server, i) => `process ${i + 1} ${n(split.get(new URL(server.url).host) ?? 0)}`).join(', ')}`,
    );
  }
  reportServerLog(logs);
  console.log(`  machine load after: ${machineLoad()}`);

  const atSize = short ? ` (at ${n(plan.players)}; the goal is at ${n(GOAL.players)})` : '';
  console.log('  goal:');
  goal(
    `99 % notified ≤ ${seconds(GOAL.notifiedMs, 2)} across ${SERVERS} processes${atSize}`,
    seconds(published.notified.p99, 2),
    published.notified.p99 <= GOAL.notifiedMs,
  );
  if (problems.length > 0) throw new Error(`could not measure:\n    ${problems.join('\n    ')}`);
});

/**
 * Debian's nginx on a free loopback port in front of `servers`, configured with docs/scale-out.md's
 * nginx block (its upstream's servers, and `listen 443 ssl` made a plain loopback port), an access
 * log of each request's upstream and status, by PID. Answers its URL and version,
 * upstreamConnections(count): how many connections to the servers `count` health checks opened,
 * each sent on a new client connection (the servers' own sockets, open or in TIME_WAIT, counted
 * before and after); socketsByUpstream(count): the upgraded requests by upstream once `count` are
 * logged; and stop.
 */
async function startNginx(workDir, servers) {
  const version = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
  if (version.error) throw new Error('--nginx needs nginx (Debian: apt-get install nginx-light)');
  const doc = fs.readFileSync(path.join(root, 'docs/scale-out.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block?.includes('listen 443 ssl;')) throw new Error("docs/scale-out.md's nginx block was not found");
  const port = await freePort();
  const upstreams = servers.map((server) => `server ${new URL(server.url).host};`).join('\n  ');
  const site = block
    .replace(/(server \d+\.\d+\.\d+\.\d+:\d+;\s*)+/, `${upstreams}\n  `)
    .replace('listen 443 ssl;', `listen 127.0.0.1:${port};`);
  const dir = path.join(workDir, 'nginx');
  fs.mkdirSync(path.join(dir, 'temp'), { recursive: true });
  const accessLog = path.join(dir, 'access.log');
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
worker_rlimit_nofile 20000;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 10000; }
http {
  log_format upstreams '$upstream_addr $status';
  access_log ${accessLog} upstreams;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
${site}}
`,
  );
  const child = spawn('nginx', ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const health = () =>
    fetch(`${url}/backend/health`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok);
  await Promise.race([
    until(health, 30_000, 'nginx to answer', 100),
    exited.then(() => {
      throw new Error(`nginx exited:\n${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    }),
  ]);
  const ports = new Set(servers.map((server) => Number(new URL(server.url).port)));
  /** The servers' sockets, connected or in TIME_WAIT (/proc/net/tcp: local port, state 01 or 06). */
  const serverSockets = () =>
    fs
      .readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter(
        (f) =>
          f.length > 3 && ports.has(Number.parseInt(f[1].split(':')[1], 16)) && ['01', '06'].includes(f[3]),
      ).length;
  return {
    url,
    version: version.stderr.trim().replace(/^nginx version: nginx\//, ''),
    async upstreamConnections(count) {
      const before = serverSockets();
      for (let i = 0; i < count; i++) {
        await new Promise((resolve, reject) => {
          http
            .get(`${url}/backend/health`, { agent: false }, (response) =>
              response.resume().on('end', resolve),
            )
            .on('error', reject);
        });
      }
      return serverSockets() - before;
    },
    async socketsByUpstream(count) {
      const upgraded = () =>
        fs
          .readFileSync(accessLog, 'utf8')
          .split('\n')
          .filter((line) => line.endsWith(' 101'))
          .map((line) => line.split(' ')[0]);
      await until(async () => upgraded().length >= count, 30_000, 'nginx to log the sockets', 100);
      const split = new Map();
      for (const upstream of upgraded()) split.set(upstream, (split.get(upstream) ?? 0) + 1);
      return split;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
