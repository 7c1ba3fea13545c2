// bench/publish: one schedule published to a whole fleet. Seeds claimed devices and an
// image on PostgreSQL, connects a simulated player per device over the socket (fleet-players.mjs,
// which fetch their manifest when told, with the ETag they hold), creates one schedule for all of
// them and approves it through the API, then measures how long until 99 % of the players heard
// 'manifest' and until 99 % fetched the new manifest, and which share of unchanged manifests the
// server answered 304.
//   node bench/publish.mjs [--short]
// Goals: 99 % notified ≤ 1 s and 99 % fetched ≤ 5 s after the approval is sent, at 10,000 players.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { launchServer } from '../scripts/launch.mjs';
import { goal, n, reportServerLog, seconds, statusText } from './figures.mjs';
import { apiCaller, freshDatabase, logIn } from './postgres.mjs';
import { publicationPlayers, publishSchedule, seedPublication } from './publication.mjs';
import { clock } from './simulated-fleet.mjs';

const GOAL = { players: 10_000, notifiedMs: 1_000, fetchedMs: 5_000 };
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
    `    notified ('manifest' on the socket): ${n(published.notified.count)} players; 99 % after ${seconds(published.notified.p99, 2)}, all after ${seconds(published.notified.all, 2)}`,
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

  const unchangedShare = (unchanged + (before.statuses.get(304) ?? 0)) / (2 * plan.players);
  const atSize = short ? ` (at ${n(plan.players)}; the goal is at ${n(GOAL.players)})` : '';
  console.log('  goals:');
  goal(
    `99 % notified ≤ ${seconds(GOAL.notifiedMs, 2)}${atSize}`,
    seconds(published.notified.p99, 2),
    published.notified.p99 <= GOAL.notifiedMs,
  );
  goal(
    `99 % fetched the new manifest ≤ ${seconds(GOAL.fetchedMs, 2)}${atSize}`,
    seconds(published.fetched.p99, 2),
    published.fetched.p99 <= GOAL.fetchedMs,
  );
  console.log(
    `    unchanged manifests answered 304: ${(unchangedShare * 100).toFixed(1)} % (${n(unchanged + (before.statuses.get(304) ?? 0))} of ${n(2 * plan.players)})`,
  );
  if (problems.length > 0) throw new Error(`could not measure:\n    ${problems.join('\n    ')}`);
} finally {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}
