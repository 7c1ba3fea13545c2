// bench/publish: one schedule published to a whole fleet. Seeds claimed devices and an
// image on PostgreSQL, connects a simulated player per device over the socket (fleet-players.mjs,
// which fetch their manifest when told, with the ETag they hold), creates one schedule for all of
// them and approves it through the API, then measures how long until 99 % of the players heard
// 'manifest' and until 99 % fetched the new manifest, and which share of unchanged manifests the
// server answered 304. The machine's own limits, in the same run with the same player processes
// and sockets: a bare broadcast (bare-server.mjs, the `ws` library the server uses, sending a message
// of the notification's size to every player) and a bare fetch round (every player GETs a static JSON
// of the manifest's size from that bare server, on the same connections).
//   node bench/publish.mjs [--short]
// Goals, at 10,000 players: 99 % notified ≤ 2× the bare broadcast's 99 %, 99 % fetched the new
// manifest ≤ 2× the bare fetch round's 99 %, both from the approval's sending; the approval answers
// before the first notification arrives (its per-screen bookkeeping comes after).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { launchServer } from '../scripts/launch.mjs';
import { startBare } from './bare-server.mjs';
import { goal, n, reportServerLog, seconds, statusText } from './figures.mjs';
import { apiCaller, freshDatabase, logIn } from './postgres.mjs';
import { NOTIFICATION, publicationPlayers, publishSchedule, seedPublication } from './publication.mjs';
import { clock, playerToken } from './simulated-fleet.mjs';

const GOAL = { players: 10_000, notifiedRatio: 2, fetchedRatio: 2 };
/** Rounds of each baseline; the median round's 99 % is the baseline. */
const BARE_ROUNDS = 3;
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };
const OWNER = { email: 'owner@publish.bench.test', password: 'Owner-2024!' };

const short = process.argv.includes('--short');
const plan = short
  ? { players: 1_000, processes: 2, upS: 60, waitS: 30 }
  : { players: 10_000, processes: 2, upS: 300, waitS: 60 };

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-publish-'));
const stops = [];
const problems = [];

process.once('exit', () => fs.rmSync(workDir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

try {
  console.log(`  fleet: ${n(plan.players)} players in ${plan.processes} processes`);
  const database = await freshDatabase(`vitrine_bench_publish_${process.pid}`);
  stops.push(database.drop);
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: path.join(workDir, 'data'),
    CONSOLE_DIR: path.join(workDir, 'no-console'),
    PLAYER_DIR: path.join(workDir, 'no-player'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  };
  const server = await launchServer({ env, logFile: path.join(workDir, 'server.log') });
  stops.push(() => server.stop());
  const port = Number(new URL(server.url).port);

  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  stops.push(() => pool.end());
  let started = performance.now();
  const { deviceIds, contentId } = await seedPublication(pool, {
    name: 'Publish',
    owner: OWNER,
    players: plan.players,
  });
  console.log(
    `  data: ${n(plan.players)} claimed devices (offline) and one image in one company, seeded in ${seconds(performance.now() - started, 2)}`,
  );
  const token = await logIn(server.url, OWNER.email, OWNER.password);
  const call = apiCaller(server.url, token, { timeoutMs: 120_000 });

  // 1. The fleet connects; each player fetches its manifest once (it holds an ETag from then on).
  const fleet = publicationPlayers({
    name: 'Publish',
    players: plan.players,
    processes: plan.processes,
    waitS: plan.waitS,
    start: { url: `ws://127.0.0.1:${port}/backend/player/socket`, manifest: server.url },
  });
  stops.push(() => fleet.stop());
  started = clock();
  const up = await fleet.waitAllOnline(started, plan.upS);
  if (!up.all)
    throw new Error(`only ${n(up.online)} of ${n(plan.players)} players came online in ${plan.upS} s`);
  console.log(`  fleet up: ${n(up.online)} players welcomed in ${seconds(up.at - started, 2)}`);
  const first = await fleet.fetchAll();
  console.log(
    `  first fetch (every player at once, no ETag): ${statusText(first.statuses)}; 99 % in ${seconds(first.p99, 2)}, all in ${seconds(first.all, 2)}`,
  );
  const before = await fleet.fetchAll();
  console.log(
    `  unchanged, fetched again with the ETag (a reconnect or a poll): ${statusText(before.statuses)}; 99 % in ${seconds(before.p99, 2)}`,
  );

  // 2. One schedule for every device, created (submitted) and approved as the owner.
  const { created, createdMs, sentAt, answeredAt } = await publishSchedule(call, {
    name: 'Bench publish',
    deviceIds,
    contentId,
    beforeApproval: fleet.takeManifest, // nothing should have come yet; what did is not counted
  });
  console.log(
    `  POST schedule (${n(deviceIds.length)} devices, submitted): answered in ${seconds(createdMs, 2)}, state ${created.state}`,
  );
  const published = await fleet.waitManifest(sentAt, plan.waitS);
  console.log(
    `  POST schedule/${created.id}/approve answered in ${seconds(answeredAt - sentAt, 2)}; from its sending:`,
  );
  console.log(
    `    notified ('manifest' on the socket): ${n(published.notified.count)} players; first after ${seconds(published.notified.first, 2)}, 99 % after ${seconds(published.notified.p99, 2)}, all after ${seconds(published.notified.all, 2)}`,
  );
  console.log(
    `    new manifest fetched: ${statusText(published.statuses)}; 99 % after ${seconds(published.fetched.p99, 2)}, all after ${seconds(published.fetched.all, 2)}`,
  );
  if (published.notified.count < plan.players)
    problems.push(`${n(plan.players - published.notified.count)} players never heard 'manifest'`);
  const newOk = published.statuses.get(200) ?? 0;
  if (newOk < plan.players)
    problems.push(`${n(plan.players - newOk)} players did not fetch a new manifest (200)`);

  // 3. The new manifest, unchanged since: fetched again with its ETag.
  const after = await fleet.fetchAll();
  const unchanged = after.statuses.get(304) ?? 0;
  console.log(
    `  unchanged after the publication, fetched again with the ETag: ${statusText(after.statuses)}; 99 % in ${seconds(after.p99, 2)}`,
  );
  const { rows: push } = await pool.query(
    'SELECT push_status AS status, count(*)::int AS count FROM schedule_devices WHERE schedule_id = $1 GROUP BY 1 ORDER BY 1',
    [created.id],
  );
  console.log(`  push statuses: ${push.map((row) => `${row.status} ${n(row.count)}`).join(', ')}`);
  reportServerLog([path.join(workDir, 'server.log')]);

  // 4. The baselines: the same players, a bare server.
  const bare = await measureBare(fleet, server.url);
  console.log(
    '  baselines (bare-server.mjs: ws and Fastify, no database; the same player processes, each player with a second socket to it):',
  );
  console.log(
    `    bare broadcast (${Buffer.byteLength(NOTIFICATION)} bytes, the notification's size, to ${n(bare.sockets)} sockets): 99 % after ${seconds(bare.broadcast, 2)} (median of rounds ${bare.broadcasts.map((at) => seconds(at, 2)).join(', ')})`,
  );
  console.log(
    `    bare fetch round (${n(plan.players)} GETs of a static ${n(bare.bytes)}-byte JSON, the new manifest's size, on the same connections): 99 % in ${seconds(bare.fetch, 2)} (median of rounds ${bare.fetches.map((at) => seconds(at, 2)).join(', ')})`,
  );

  const unchangedShare = (unchanged + (before.statuses.get(304) ?? 0)) / (2 * plan.players);
  const atSize = short ? ` (at ${n(plan.players)}; the goal is at ${n(GOAL.players)})` : '';
  console.log('  goals:');
  const notifiedRatio = published.notified.p99 / bare.broadcast;
  goal(
    `99 % notified ≤ ${GOAL.notifiedRatio}× the bare broadcast${atSize}`,
    `${seconds(published.notified.p99, 2)} against ${seconds(bare.broadcast, 2)}: ${notifiedRatio.toFixed(2)}×`,
    notifiedRatio <= GOAL.notifiedRatio,
  );
  const fetchedRatio = published.fetched.p99 / bare.fetch;
  goal(
    `99 % fetched the new manifest ≤ ${GOAL.fetchedRatio}× the bare fetch round${atSize}`,
    `${seconds(published.fetched.p99, 2)} against ${seconds(bare.fetch, 2)}: ${fetchedRatio.toFixed(2)}×`,
    fetchedRatio <= GOAL.fetchedRatio,
  );
  goal(
    'the approval answers before the notifications go out',
    `answered after ${seconds(answeredAt - sentAt, 3)}, first notification after ${seconds(published.notified.first, 3)}`,
    answeredAt - sentAt <= published.notified.first,
  );
  console.log(
    `    unchanged manifests answered 304: ${(unchangedShare * 100).toFixed(1)} % (${n(unchanged + (before.statuses.get(304) ?? 0))} of ${n(2 * plan.players)})`,
  );
  if (problems.length > 0) throw new Error(`could not measure:\n    ${problems.join('\n    ')}`);
} finally {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}

/**
 * The baselines: the bare server (bare-server.mjs) answering the new manifest as it is (player 1's,
 * the same for every player) and sending the notification; every player opens a second socket to
 * it. Then BARE_ROUNDS broadcasts (from POST /bare/broadcast's sending until 99 % of the players
 * heard it) and BARE_ROUNDS fetch rounds; answers each round's 99 % and the medians.
 */
async function measureBare(fleet, base) {
  const response = await fetch(`${base}/backend/player/manifest`, {
    headers: { authorization: `Bearer ${playerToken('Publish', 1)}` },
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`player/manifest answered ${response.status}`);
  const bare = await startBare({ BARE_BODY: body, BARE_MESSAGE: NOTIFICATION });
  stops.push(bare.stop);
  const sockets = await fleet.connectBare(`ws://127.0.0.1:${bare.port}/bare/socket`);
  const broadcasts = [];
  for (let round = 0; round < BARE_ROUNDS; round++)
    broadcasts.push((await fleet.bareBroadcast(bare.port)).p99);
  const fetches = [];
  for (let round = 0; round < BARE_ROUNDS; round++) {
    const fetched = await fleet.fetchAll(`http://127.0.0.1:${bare.port}/bare`);
    if ((fetched.statuses.get(200) ?? 0) < plan.players)
      throw new Error(`bare fetch round: ${statusText(fetched.statuses)}`);
    fetches.push(fetched.p99);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    sockets,
    bytes: Buffer.byteLength(body),
    broadcasts,
    broadcast: median(broadcasts),
    fetches,
    fetch: median(fetches),
  };
}
