// bench/cluster: a publish across a cluster (docs/scale-out.md). Two Vitrine processes, each with
// its own DATA_DIR, started together on one empty PostgreSQL database (they migrate under the
// advisory lock: one applies the migrations, the other waits); a simulated player per seeded
// device over the socket (fleet-players.mjs), the first half connected to one process and the
// second half to the other; one schedule for every device created and approved through the
// first process's API. Measures how long from sending the approval until 99 % of the players
// heard 'manifest' (those on the other process hear it over the bus, PostgreSQL's NOTIFY), each
// process's half on its own, whether any player heard it twice, and until 99 % fetched the new
// manifest from their own process.
//   flock /tmp/vitrine-bench.lock node bench/cluster.mjs [--short]
// Goal: 99 % notified ≤ 1 s after the approval is sent, at 2,000 players split over two processes.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { launchServer } from '../scripts/launch.mjs';
import { goal, n, reportServerLog, seconds, statusText } from './figures.mjs';
import { benchRun, machineLoad } from './owner.mjs';
import { apiCaller, freshDatabase, logIn } from './postgres.mjs';
import { publicationPlayers, publishSchedule, seedPublication } from './publication.mjs';
import { clock } from './simulated-fleet.mjs';

const GOAL = { players: 2_000, notifiedMs: 1_000 };
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };
const OWNER = { email: 'owner@cluster.bench.test', password: 'Owner-2024!' };
const SERVERS = 2;

const short = process.argv.includes('--short');
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
  const token = await logIn(servers[0].url, OWNER.email, OWNER.password);
  const call = apiCaller(servers[0].url, token, { timeoutMs: 120_000 });

  // 2. Player process p holds its half of the fleet on server p; each player fetches its manifest
  // once (it holds an ETag from then on).
  const fleet = publicationPlayers({
    name: 'Cluster',
    players: plan.players,
    processes: SERVERS,
    waitS: plan.waitS,
    start: (p) => ({
      url: `${servers[p].url.replace(/^http/, 'ws')}/backend/player/socket`,
      manifest: servers[p].url,
    }),
  });
  stops.push(fleet.stop);
  started = clock();
  const up = await fleet.waitAllOnline(started, plan.upS);
  if (!up.all)
    throw new Error(`only ${n(up.online)} of ${n(plan.players)} players came online in ${plan.upS} s`);
  console.log(
    `  fleet up: ${n(up.online)} players welcomed in ${seconds(up.at - started, 2)}, ${n(plan.players / SERVERS)} on each process`,
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
    `  POST schedule (${n(deviceIds.length)} devices, submitted) answered in ${seconds(createdMs, 2)}; POST schedule/${created.id}/approve (process 1) answered in ${seconds(answeredAt - sentAt, 2)}; from its sending:`,
  );
  console.log(
    `    notified ('manifest' on the socket): ${n(published.notified.count)} players; 99 % after ${seconds(published.notified.p99, 2)}, all after ${seconds(published.notified.all, 2)}`,
  );
  for (const [p, samples] of published.byProcess.entries()) {
    const sorted = samples.toSorted((a, b) => a - b);
    const at = (share) => sorted[Math.max(0, Math.ceil(sorted.length * share) - 1)];
    console.log(
      `      on process ${p + 1}${p === 0 ? ' (the approval’s)' : ' (over the bus)'}: ${n(samples.length)} players; p50 ${seconds(at(0.5), 3)}, p99 ${seconds(at(0.99), 3)}, max ${seconds(sorted.at(-1), 3)}`,
    );
  }
  console.log(
    `    new manifest fetched from the player's own process: ${statusText(published.statuses)}; 99 % after ${seconds(published.fetched.p99, 2)}, all after ${seconds(published.fetched.all, 2)}`,
  );
  if (published.notified.count < plan.players)
    problems.push(`${n(plan.players - published.notified.count)} players never heard 'manifest'`);
  if (published.notified.count > plan.players)
    problems.push(`'manifest' was heard ${n(published.notified.count - plan.players)} times too many`);
  if ((published.statuses.get(200) ?? 0) < plan.players)
    problems.push(
      `${n(plan.players - (published.statuses.get(200) ?? 0))} players did not fetch a new manifest`,
    );
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
