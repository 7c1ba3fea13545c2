// bench/publish: one schedule published to a whole fleet. Seeds claimed devices and an
// image on PostgreSQL, connects a simulated player per device over the socket (fleet-players.mjs,
// which fetch their manifest when told, with the ETag they hold), creates one schedule for all of
// them and approves it through the API, then measures how long until 99 % of the players heard
// 'manifest' and until 99 % fetched the new manifest, and which share of unchanged manifests the
// server answered 304.
//   node bench/publish.mjs [--short]
// Goals: 99 % notified ≤ 1 s and 99 % fetched ≤ 5 s after the approval is sent, at 10,000 players.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { launchServer } from '../scripts/launch.mjs';
import { fleetTiming, goal, n, reportServerLog, seconds, statusText } from './figures.mjs';
import { apiCaller, freshDatabase, logIn } from './postgres.mjs';
import { clock, forkPlayers, licenseFleet, seedFleet } from './simulated-fleet.mjs';

const GOAL = { players: 10_000, notifiedMs: 1_000, fetchedMs: 5_000 };
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };
const OWNER = { email: 'owner@publish.bench.test', password: 'Owner-2024!' };
// From packages/contract/src/enums.ts (TypeScript, not importable here).
const ContentType = { image: 1 };

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
  const { deviceIds, contentId } = await seed(pool);
  console.log(
    `  data: ${n(plan.players)} claimed devices (offline) and one image in one company, seeded in ${seconds(performance.now() - started, 2)}`,
  );
  const token = await logIn(server.url, OWNER.email, OWNER.password);
  const call = apiCaller(server.url, token, { timeoutMs: 120_000 });

  // 1. The fleet connects; each player fetches its manifest once (it holds an ETag from then on).
  const fleet = startPlayers(`ws://127.0.0.1:${port}/backend/player/socket`, server.url);
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
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  started = performance.now();
  const created = await call('POST', '/backend/manager/schedule', {
    name: 'Bench publish',
    type: 'standard',
    device_ids: deviceIds,
    items: [{ content_id: contentId, duration: 10 }],
    start_date: today,
    end_date: end,
    frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
    exclude_holidays: false,
    submit: true,
  });
  console.log(
    `  POST schedule (${n(deviceIds.length)} devices, submitted): answered in ${seconds(performance.now() - started, 2)}, state ${created.state}`,
  );
  await fleet.takeManifest(); // nothing should have come yet; what did is not counted
  const sentAt = clock();
  if (created.state !== 'approved') {
    const approved = await call('POST', `/backend/manager/schedule/${created.id}/approve`, {});
    if (approved.state !== 'approved') throw new Error(`the approved schedule is ${approved.state}`);
  }
  const answeredAt = clock();
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

/**
 * The fleet's company (seedFleet: device n has the token of player n, as bench/fleet seeds them; each licensed),
 * its devices in the timezone the players report (UTC: a new one would change their manifests as
 * they connect), and one ready landscape image in the workspace's default folder. Answers the
 * device ids and the image's id.
 */
async function seed(pool) {
  const one = async (text, values) => (await pool.query(text, values)).rows[0];
  const { companyId, workspaceId, deviceIds } = await seedFleet(pool, {
    name: 'Publish',
    owner: OWNER,
    players: plan.players,
    timezone: 'UTC',
  });
  await licenseFleet(pool, { name: 'Publish', companyId, deviceIds });
  const folder = await one(
    `INSERT INTO content_folders (company_id, workspace_id, name, is_default) VALUES ($1, $2, 'Default', true) RETURNING id`,
    [companyId, workspaceId],
  );
  const content = await one(
    `INSERT INTO contents (company_id, workspace_id, folder_id, type, name, hash, size, mime, width, height, state)
     VALUES ($1, $2, $3, $4, 'Bench.png', $5, 1000, 'image/png', 1920, 1080, 'ready') RETURNING id`,
    [companyId, workspaceId, folder.id, ContentType.image, randomBytes(32).toString('hex')],
  );
  await pool.query('ANALYZE');
  return { deviceIds, contentId: content.id };
}

/**
 * Forks the player processes (simulated-fleet.mjs), fetching manifests from `base`. Answers
 * waitAllOnline, fetchAll (every player fetches at once; the statuses and when 99 % and all
 * ended), takeManifest (what the players reported since), waitManifest and stop.
 */
function startPlayers(url, base) {
  const players = forkPlayers({
    name: 'Publish',
    players: plan.players,
    processes: plan.processes,
    start: { url, manifest: base },
  });
  const reportAll = players.reportAll;
  const merge = (all) => ({
    notified: all.flatMap((r) => r.manifest?.notified ?? []),
    fetched: all.flatMap((r) => r.manifest?.fetched ?? []),
  });
  /** Until `want` fetches ended since `since` (and, told so, `want` notices came), or timeoutS. */
  const waitFetches = async (since, want, timeoutS, withNotices) => {
    const fetched = [];
    const notified = [];
    const deadline = clock() + timeoutS * 1000;
    while ((fetched.length < want || (withNotices && notified.length < want)) && clock() < deadline) {
      await sleep(50);
      const got = merge(await reportAll());
      fetched.push(...got.fetched);
      notified.push(...got.notified);
    }
    const statuses = new Map();
    for (const [status] of fetched) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    return { statuses, fetched: timing(fetched.map(([, at]) => at - since)), notified };
  };
  return {
    waitAllOnline: (since, timeoutS) => players.waitAllOnline(since, timeoutS),
    async fetchAll() {
      await reportAll();
      const since = clock();
      players.send({ type: 'fetch-all' });
      const result = await waitFetches(since, plan.players, plan.waitS, false);
      return { statuses: result.statuses, p99: result.fetched.p99, all: result.fetched.all };
    },
    takeManifest: async () => merge(await reportAll()),
    async waitManifest(since, timeoutS) {
      const result = await waitFetches(since, plan.players, timeoutS, true);
      return {
        statuses: result.statuses,
        fetched: result.fetched,
        notified: { count: result.notified.length, ...timing(result.notified.map((at) => at - since)) },
      };
    },
    stop: players.stop,
  };
}

/** When 99 % of the fleet (plan.players, not only those that came) and all of them were done, in ms. */
function timing(samples) {
  return fleetTiming(samples, plan.players);
}
