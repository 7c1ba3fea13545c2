// bench/ota: an instant mandatory OTA plan to a whole fleet. Seeds claimed devices of one model
// and a package for it on PostgreSQL, connects a simulated player per device over the socket
// (fleet-players.mjs, which take the upgrade their state offers: download the package, report it
// installed), creates the plan through the API, and measures how long until 99 % of the players
// were offered it, the console's device list while the fleet downloads (the server streams at most
// OTA_DOWNLOAD_SLOTS packages at once and tells the rest to come back), and the server's RSS.
//   node bench/ota.mjs [--short]
// Goals at 10,000 players: 99 % notified ≤ 5 s after the plan is sent; device list p99 ≤ 200 ms
// during the rollout. The RSS is printed.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fleetTiming, goal, mb, n, percentiles, seconds, stats, statusText } from './figures.mjs';
import { machineLoad } from './owner.mjs';
import { apiCaller, benchServer, logIn } from './postgres.mjs';
import { clock, forkPlayers, seedFleet, serverRssKb } from './simulated-fleet.mjs';

const GOAL = { players: 10_000, notifiedMs: 5_000, listP99Ms: 200 };
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };
const OWNER = { email: 'owner@ota.bench.test', password: 'Owner-2024!' };
/** The package: a player build's size is a few MB; smaller here, so the run measures the server, not the loopback. */
const PACKAGE_BYTES = 256 * 1024;
/** The server's download slots (its default, apps/server/src/config.ts OTA_DOWNLOAD_SLOTS). */
const SLOTS = 16;

const short = process.argv.includes('--short');
const plan = short
  ? { players: 200, processes: 1, upS: 60, waitS: 60 }
  : { players: 10_000, processes: 2, upS: 300, waitS: 600 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-ota-data-'));
process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
const { server, pool, stop } = await benchServer('ota', {
  admin: ADMIN,
  env: { DATA_DIR: dataDir, PLAYER_DIR: path.join(dataDir, 'no-player'), OTA_DOWNLOAD_SLOTS: String(SLOTS) },
});
const problems = [];
let fleet = null;
try {
  console.log(`  machine load before: ${machineLoad()} (1, 5, 15 min; 2 cores)`);
  console.log(`  fleet: ${n(plan.players)} players in ${plan.processes} process(es)`);
  let started = performance.now();
  const { modelId, packageId } = await seed();
  console.log(
    `  data: ${n(plan.players)} claimed devices of one model (offline) and a ${n(PACKAGE_BYTES / 1024)} KB package for it, seeded in ${seconds(performance.now() - started, 2)}`,
  );
  const port = Number(new URL(server.url).port);
  const admin = apiCaller(server.url, await logIn(server.url, ADMIN.email, ADMIN.password), {
    timeoutMs: 120_000,
  });
  const ownerToken = await logIn(server.url, OWNER.email, OWNER.password);

  // 1. The fleet connects.
  fleet = forkPlayers({
    name: 'OtaBench',
    players: plan.players,
    processes: plan.processes,
    start: { url: `ws://127.0.0.1:${port}/backend/player/socket`, ota: server.url },
  });
  started = clock();
  const up = await fleet.waitAllOnline(started, plan.upS);
  if (!up.all)
    throw new Error(
      `only ${n(up.online)} of ${n(plan.players)} players came online in ${plan.upS} s (waiting: ${JSON.stringify(up.waiting)})`,
    );
  console.log(`  fleet up: ${n(up.online)} players welcomed in ${seconds(up.at - started, 2)}`);
  await fleet.reportAll(); // what came before the plan is not counted
  const rssBefore = serverRssKb();

  // 2. The plan, instant and mandatory, for the model; the device list is read meanwhile.
  const list = listLoop(server.url, ownerToken);
  const sentAt = clock();
  const made = await admin('POST', '/backend/manager/ota/plan', {
    name: 'Bench rollout',
    package_id: packageId,
    targets: { model_ids: [modelId] },
    timing: 'instant',
    mandatory: true,
  });
  const answeredAt = clock();
  const rollout = await follow(sentAt);
  const listed = await list.stop();
  const detail = await admin('GET', `/backend/manager/ota/plan/${made.id}`);

  console.log(`  POST ota/plan answered in ${seconds(answeredAt - sentAt, 2)}; from its sending:`);
  console.log(
    `    offered (the upgrade in the player's state): ${n(rollout.offered.length)} players; 99 % after ${seconds(rollout.notified.p99, 2)}, all after ${seconds(rollout.notified.all, 2)}`,
  );
  console.log(
    `    downloaded: ${statusText(rollout.statuses)}; 99 % after ${seconds(rollout.downloadedAt.p99, 2)}, all after ${seconds(rollout.downloadedAt.all, 2)}; told to come back (429) ${n(rollout.busy)} times`,
  );
  console.log(
    `    reports: ${statusText(rollout.reports)}; the plan: ${detail.status}, installed ${n(detail.counts.installed)} of ${n(detail.total)}`,
  );
  const listStats = stats(listed.times);
  console.log(
    `  device list (GET /backend/manager/device?page=1&page_size=20, the owner) during the rollout: ${n(listed.times.length)} requests, ${percentiles(listStats)}${listed.failures.length ? `; ${listed.failures.length} FAILED (${listed.failures[0]})` : ''}`,
  );
  console.log(
    `  server RSS: ${mb(rssBefore)} with the fleet connected, at most ${mb(rollout.rssMaxKb)} during the rollout; download slots ${SLOTS}`,
  );

  if (rollout.offered.length < plan.players)
    problems.push(`${n(plan.players - rollout.offered.length)} players were never offered the upgrade`);
  if ((rollout.statuses.get(200) ?? 0) < plan.players)
    problems.push(
      `${n(plan.players - (rollout.statuses.get(200) ?? 0))} players did not download the package`,
    );
  const atSize = short ? ` (at ${n(plan.players)}; the goal is at ${n(GOAL.players)})` : '';
  console.log('  goals:');
  goal(
    `99 % notified ≤ ${seconds(GOAL.notifiedMs, 2)}${atSize}`,
    seconds(rollout.notified.p99, 2),
    rollout.notified.p99 <= GOAL.notifiedMs,
  );
  goal(
    `device list p99 ≤ ${GOAL.listP99Ms} ms during the rollout${atSize}`,
    `${Math.round(listStats.p99)} ms${listed.failures.length ? `, ${listed.failures.length} failed` : ''}`,
    listStats.p99 <= GOAL.listP99Ms && listed.failures.length === 0,
  );
  console.log(`    server RSS at most ${mb(rollout.rssMaxKb)} (printed, no goal)`);
  console.log(`  machine load after: ${machineLoad()}`);
  if (problems.length > 0) throw new Error(`could not measure:\n    ${problems.join('\n    ')}`);
} finally {
  await fleet?.stop();
  await stop();
}

/**
 * The fleet's company (seedFleet: device n has the token of player n), every device of one model,
 * and an uploaded package of 2.0.0 for that model with its file in DATA_DIR/packages, as creating
 * one through the API leaves it. Answers the model's and the package's ids.
 */
async function seed() {
  const one = async (text, values) => (await pool.query(text, values)).rows[0];
  const { deviceIds } = await seedFleet(pool, {
    name: 'OtaBench',
    owner: OWNER,
    players: plan.players,
    timezone: 'UTC',
  });
  const model = await one(
    `INSERT INTO device_models (name, width, height) VALUES ('Bench kiosk', 1920, 1080) RETURNING id`,
  );
  await pool.query('UPDATE devices SET model_id = $1 WHERE id = ANY($2::int[])', [model.id, deviceIds]);
  const bytes = randomBytes(PACKAGE_BYTES);
  const fileId = randomUUID();
  fs.mkdirSync(path.join(dataDir, 'packages'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'packages', fileId), bytes);
  const pkg = await one(
    `INSERT INTO ota_packages (version, version_key, md5, file_id, file_name, size)
     VALUES ('2.0.0', '2.0.0', $1, $2, 'bench.zip', $3) RETURNING id`,
    [createHash('md5').update(bytes).digest('hex'), fileId, bytes.length],
  );
  await pool.query(
    `INSERT INTO ota_package_models (package_id, model_id, version) VALUES ($1, $2, '2.0.0')`,
    [pkg.id, model.id],
  );
  await pool.query('ANALYZE');
  return { modelId: model.id, packageId: pkg.id };
}

/**
 * Gathers the players' reports every 100 ms until every player downloaded the package (or
 * plan.waitS), sampling the server's RSS each second. Answers the offers' and the downloads' times
 * since `since`, the statuses, the 429 count and the largest RSS.
 */
async function follow(since) {
  const offered = [];
  const downloaded = [];
  const reports = new Map();
  let busy = 0;
  let rssMaxKb = serverRssKb();
  let lastRss = clock();
  const deadline = clock() + plan.waitS * 1000;
  const ok = () => downloaded.filter(([status]) => status === 200).length;
  while ((ok() < plan.players || offered.length < plan.players) && clock() < deadline) {
    await sleep(100);
    for (const report of await fleet.reportAll()) {
      offered.push(...report.ota.offered);
      downloaded.push(...report.ota.downloaded);
      for (const status of report.ota.reported) reports.set(status, (reports.get(status) ?? 0) + 1);
      busy += report.ota.busy;
    }
    if (clock() - lastRss >= 1_000) {
      rssMaxKb = Math.max(rssMaxKb, serverRssKb());
      lastRss = clock();
    }
  }
  // The last reports may still be under way.
  await sleep(1_000);
  for (const report of await fleet.reportAll()) {
    for (const status of report.ota.reported) reports.set(status, (reports.get(status) ?? 0) + 1);
  }
  const statuses = new Map();
  for (const [status] of downloaded) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  return {
    offered,
    notified: timing(offered.map((at) => at - since)),
    downloadedAt: timing(downloaded.filter(([status]) => status === 200).map(([, at]) => at - since)),
    statuses,
    reports,
    busy,
    rssMaxKb: Math.max(rssMaxKb, serverRssKb()),
  };
}

/** The owner's device list, one request after another (50 ms apart) until stopped: each one's time. */
function listLoop(base, token) {
  const times = [];
  const failures = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const at = performance.now();
      try {
        const response = await fetch(`${base}/backend/manager/device?page=1&page_size=20`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = await response.json();
        if (body.code !== 220000) failures.push(`${response.status} ${body.code}`);
        else times.push(performance.now() - at);
      } catch (error) {
        failures.push(String(error).slice(0, 80));
      }
      await sleep(50);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { times, failures };
    },
  };
}

/** When 99 % of the fleet (plan.players, not only those that came) and all of them were done, in ms. */
function timing(samples) {
  return fleetTiming(samples, plan.players);
}
