// bench/cluster: a publish across a cluster (docs/scale-out.md). Two Vitrine processes, each with
// its own DATA_DIR, started together (scripts/cluster.mjs) on one empty PostgreSQL database (they migrate under the
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
// connection) opened, which the doc's keepalive keeps to a few; then kill -9 of process 1: when
// its players were all back (through nginx, on process 2) and how many screens showed offline
// meanwhile (none may); and how nginx split the sockets.
//   flock /tmp/vitrine-bench.lock node bench/cluster.mjs [--short] [--nginx]
// Goal: 99 % notified ≤ 1 s after the approval is sent, at 2,000 players split over two processes.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { launchCluster } from '../scripts/cluster.mjs';
import { startBare } from './bare-server.mjs';
import { goal, n, reportServerLog, seconds, statusText } from './figures.mjs';
import { benchRun, machineLoad } from './owner.mjs';
import { apiCaller, freshDatabase, logIn } from './postgres.mjs';
import { NOTIFICATION, publicationPlayers, publishSchedule, seedPublication } from './publication.mjs';
import { clock, DeviceStatus } from './simulated-fleet.mjs';

const GOAL = { players: 2_000, notifiedMs: 1_000 };
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };
const OWNER = { email: 'owner@cluster.bench.test', password: 'Owner-2024!' };
const SERVERS = 2;
/** The servers' LISTEN/NOTIFY channel (apps/server/src/platform/bus.ts, TypeScript: read from the source). */
const BUS_CHANNEL = fs
  .readFileSync(new URL('../apps/server/src/platform/bus.ts', import.meta.url), 'utf8')
  .match(/export const CHANNEL = '(\w+)';/)[1];

const short = process.argv.includes('--short');
const viaNginx = process.argv.includes('--nginx');
const plan = short ? { players: 400, upS: 60, waitS: 30 } : { players: 2_000, upS: 120, waitS: 30 };

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
  // 1. Two processes, started together on the empty database.
  let started = clock();
  const cluster = await launchCluster({ count: SERVERS, env: common, workDir, nginx: viaNginx });
  stops.push(cluster.stop);
  const { servers, logs, front } = cluster;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => {}); // an idle connection ended by the database's drop, whatever way the run ends
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
  if (front) {
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

  // 3. One schedule for every device, created (submitted) and approved on the first process. A
  // listener of the servers' bus of its own tells when the approval committed: its
  // 'manifest-changed' events leave at the commit.
  const listener = new pg.Client({ connectionString: database.url });
  listener.on('error', () => {}); // the database dropped at the end, whatever way the run ends
  await listener.connect();
  stops.push(() => listener.end());
  let committedAt = Number.POSITIVE_INFINITY;
  listener.on('notification', ({ payload }) => {
    if (payload?.includes('"manifest-changed"')) committedAt = Math.min(committedAt, clock());
  });
  await listener.query(`LISTEN ${BUS_CHANNEL}`);
  const { created, createdMs, sentAt, answeredAt } = await publishSchedule(call, {
    name: 'Bench cluster',
    deviceIds,
    contentId,
    beforeApproval: async () => {
      await fleet.takeManifest(); // nothing should have come yet; what did is not counted
      committedAt = Number.POSITIVE_INFINITY;
    },
  });
  const published = await fleet.waitManifest(sentAt, plan.waitS);
  console.log(
    `  POST schedule (${n(deviceIds.length)} devices, submitted) answered in ${seconds(createdMs, 2)}; POST schedule/${created.id}/approve (${front ? 'through nginx' : 'process 1'}) answered in ${seconds(answeredAt - sentAt, 2)}; from its sending:`,
  );
  console.log(
    `    the approval committed (its 'manifest-changed' heard on the bus) after ${seconds(committedAt - sentAt, 3)}`,
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

  // 4. The machine's own limit for context (not the goal): the bare server's broadcast of the
  // notification to the same players, from one process without a database, three times.
  const bare = await startBare({ BARE_MESSAGE: NOTIFICATION });
  stops.push(bare.stop);
  await fleet.connectBare(`ws://127.0.0.1:${bare.port}/bare/socket`);
  const broadcasts = [];
  for (let round = 0; round < 3; round++) broadcasts.push((await fleet.bareBroadcast(bare.port)).p99);
  console.log(
    `  for context, a bare broadcast (bare-server.mjs: ws, no database, one process) to the same players: 99 % after ${broadcasts.map((at) => seconds(at, 2)).join(', ')}`,
  );
  if (front) {
    // 5. Failover: kill -9 of process 1. Its screens come back through nginx, on process 2; none
    // may show offline meanwhile (process 1 never marked them, and process 2 finds them online).
    let watching = true;
    let mostOffline = 0;
    const watch = (async () => {
      while (watching) {
        const { count } = await one(
          `SELECT count(*)::int AS count FROM devices WHERE status = ${DeviceStatus.offline}`,
        );
        mostOffline = Math.max(mostOffline, count);
        await sleep(100);
      }
    })().catch((error) => problems.push(`watching the screens' status failed: ${error.message}`));
    const killedAt = clock();
    let back;
    try {
      servers[0].kill();
      back = await fleet.waitAllOnline(killedAt, plan.upS);
    } finally {
      watching = false;
      await watch;
    }
    console.log(
      `  kill -9 of process 1: ${back.all ? `every player back through nginx after ${seconds(back.at - killedAt, 2)}` : `only ${n(back.online)} players back after ${plan.upS} s`}; screens shown offline meanwhile: at most ${n(mostOffline)}`,
    );
    if (!back.all) problems.push(`only ${n(back.online)} players came back after process 1 was killed`);
    if (mostOffline > 0) problems.push(`${n(mostOffline)} screens were shown offline while they reconnected`);
    // nginx logs a socket when it closes: the players go first.
    await fleet.stop();
    const split = await front.socketsByUpstream(plan.players);
    console.log(
      `  sockets nginx upgraded, by the process that took them (process 1's came back on process 2): ${servers.map((server, i) => `process ${i + 1} ${n(split.get(new URL(server.url).host) ?? 0)}`).join(', ')}`,
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
