// bench/fleet: a fleet of simulated players on one server process. Seeds claimed
// devices on PostgreSQL, connects a player per device from several processes
// (fleet-players.mjs), then measures the players the server holds and its RSS per player, the
// round trip of commands at full fleet, and how long the whole fleet takes to be back online after
// the server restarts, with the console's device list timed during that storm.
//   node bench/fleet.mjs [--short]
// Goals: 19,000 players on one server process with RSS ≤ 1.5 GB, command p99 ≤ 200 ms at 19,000,
// all back online ≤ 60 s after a restart with no refused connections once the server answers,
// the device list's p99 during that storm ≤ 3× its p99 steady (at full fleet, before the restart,
// in the same run). A process may hold 20,000 open files here
// (`ulimit -n`, which cannot be raised), so the players are spread over several processes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { launchServer } from '../scripts/launch.mjs';
import { goal, mb, ms, n, percentiles, reportServerLog, seconds, stats } from './figures.mjs';
import { machineLoad } from './owner.mjs';
import { freshDatabase, LIST_TOTAL_CAP, logIn } from './postgres.mjs';
import {
  CONNECT,
  clock,
  DeviceStatus,
  forkPlayers,
  seedFleet,
  serverPid,
  serverRssKb,
} from './simulated-fleet.mjs';

const GOAL = { players: 19_000, rssMb: 1536, commandP99Ms: 200, backOnlineS: 60, listStormRatio: 3 };
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };
const OWNER = { email: 'owner@fleet.bench.test', password: 'Owner-2024!' };

const short = process.argv.includes('--short');
const plan = short
  ? { players: 1_000, processes: 2, commands: 50, settleS: 3, upS: 60, stormS: 90, listSteady: 100 }
  : { players: 19_000, processes: 4, commands: 400, settleS: 10, upS: 300, stormS: 180, listSteady: 200 };
/** Commands in flight at once. */
const IN_FLIGHT = 4;
const ACK_TIMEOUT_MS = 15_000;

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-fleet-'));
const stops = [];
const problems = [];

// The temporary folder goes whatever way this process ends (the player processes have
// simulated-fleet.mjs's guard, the server launchServer's, a throwaway PostgreSQL postgres.mjs's).
process.once('exit', () => fs.rmSync(workDir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

try {
  const openFiles = maxOpenFiles();
  const perProcess = Math.ceil(plan.players / plan.processes);
  console.log(
    `  fleet: ${n(plan.players)} players in ${plan.processes} processes (${n(perProcess)} sockets each); open files per process (ulimit -n): ${openFiles}`,
  );
  console.log(`  machine load before: ${machineLoad()} (1, 5, 15 min; ${os.cpus().length} cores)`);
  if (perProcess > openFiles * 0.9 || plan.players > openFiles * 0.98)
    throw new Error(`${n(plan.players)} sockets do not fit under ${openFiles} open files per process`);

  const database = await freshDatabase(`vitrine_bench_fleet_${process.pid}`);
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
  let server = await launchServer({ env, logFile: path.join(workDir, 'server.log') });
  stops.push(() => server?.stop());
  const port = Number(new URL(server.url).port);

  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  stops.push(() => pool.end());
  let started = performance.now();
  const { deviceIds } = await seedFleet(pool, { name: 'Fleet', owner: OWNER, players: plan.players });
  await pool.query('ANALYZE');
  console.log(
    `  data: ${n(plan.players)} claimed devices (offline) in one company, seeded in ${seconds(performance.now() - started)}`,
  );
  const token = await logIn(server.url, OWNER.email, OWNER.password);
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' };
  const listDevices = async () => {
    const response = await fetch(`${server.url}/backend/manager/device?page=1&page_size=20`, {
      headers,
      signal: AbortSignal.timeout(30_000),
    });
    const body = await response.json();
    if (response.status !== 200 || body.code !== 220000)
      throw new Error(`GET device answered ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    return body.data;
  };
  const listed = await listDevices();
  if (listed.total !== Math.min(plan.players, LIST_TOTAL_CAP))
    throw new Error(`the device list shows ${listed.total} devices`);

  await sleep(2_000);
  const rssBefore = serverRssKb();

  // 1. Fleet up: every player connects (at a bounded rate) and gets its welcome.
  const cpuConnect = serverCpu();
  const overflowsConnect = listenOverflows();
  const fleet = startPlayers(`ws://127.0.0.1:${port}/backend/player/socket`);
  stops.push(() => fleet.stop());
  started = clock();
  const up = await fleet.waitAllOnline(started, plan.upS);
  if (!up.all)
    throw new Error(
      `only ${n(up.online)} of ${n(plan.players)} players came online in ${plan.upS} s (waiting ${waitingText(up.waiting)})`,
    );
  const connecting = await fleet.takePhase();
  connecting.cpu = cpuUse(cpuConnect, serverCpu());
  connecting.overflows = listenOverflows() - overflowsConnect;
  const onlineRows = await countOnline(pool);
  console.log(
    `  fleet up: ${n(up.online)} of ${n(plan.players)} players welcomed in ${seconds(up.at - started)} (${Math.round(up.online / ((up.at - started) / 1000))}/s; each process connecting at most ${CONNECT.rate}/s, ${CONNECT.window} awaiting a welcome); online devices in the database: ${n(onlineRows)}`,
  );
  if (onlineRows !== plan.players)
    problems.push(`${n(onlineRows)} devices online in the database, ${n(plan.players)} welcomed`);
  reportConnectionEvents('    while connecting', connecting);

  // 2. The server's RSS (and CPU) with the fleet connected and settled.
  const cpuFrom = serverCpu();
  await sleep(plan.settleS * 1000);
  const cpuTo = serverCpu();
  const rssWith = serverRssKb();
  const perPlayerKb = (rssWith - rssBefore) / plan.players;
  console.log(
    `  server RSS: ${mb(rssBefore)} before the fleet, ${mb(rssWith)} with ${n(plan.players)} players (after ${plan.settleS} s settling): ${perPlayerKb.toFixed(1)} KB per player`,
  );
  console.log(
    `  server CPU with the fleet idle (heartbeats only): ${Math.round(cpuUse(cpuFrom, cpuTo).share * 100)}% of a core`,
  );

  // 3. Commands at full fleet: POST identify to random devices, round trip until the player acks.
  const commands = await sendCommands(server.url, headers, deviceIds, fleet);
  console.log(
    `  commands: ${n(plan.commands)} identify to random devices, ${IN_FLIGHT} in flight; round trip (POST sent → player acks): ${percentiles(commands.rtt)}`,
  );
  console.log(
    `    POST answered: p50 ${ms(commands.post.p50)}  p99 ${ms(commands.post.p99)}; ${commands.checked} checked afterwards: ${commands.done} done`,
  );

  const baseline = [];
  for (let i = 0; i < plan.listSteady; i++) {
    const begin = performance.now();
    await listDevices();
    baseline.push(performance.now() - begin);
  }
  const steady = stats(baseline);
  console.log(
    `  device list (GET /backend/manager/device?page=1&page_size=20), full fleet, steady: ${percentiles(steady)}`,
  );
  reportConnectionEvents('    at full fleet', await fleet.takePhase());

  // 4. Restart: stop the server (its shutdown closes every socket), start it on the same port.
  const overflowsStorm = listenOverflows();
  const stopAt = clock();
  await server.stop();
  server = null;
  const downAt = clock();
  // What the shutdown left in the database: devices it marked offline, status mails it queued.
  const onlineDown = await countOnline(pool);
  const [{ count: mailJobs }] = (
    await pool.query(`SELECT count(*)::int AS count FROM jobs WHERE type = 'device-status'`)
  ).rows;
  server = await launchServer({ env, port, logFile: path.join(workDir, 'server-restarted.log') });
  const healthAt = clock();
  const cpuStorm = serverCpu();
  const storm = { times: [], failures: [] };
  let storming = true;
  const lister = (async () => {
    while (storming) {
      const begin = performance.now();
      try {
        await listDevices();
        storm.times.push(performance.now() - begin);
      } catch (err) {
        storm.failures.push(err.name === 'TimeoutError' ? 'no answer in 30 s' : err.message);
      }
    }
  })();
  let back;
  try {
    back = await fleet.waitAllOnline(stopAt, plan.stormS);
  } finally {
    storming = false;
    await lister;
  }
  const phase = await fleet.takePhase();
  phase.cpu = cpuUse(cpuStorm, serverCpu());
  phase.overflows = listenOverflows() - overflowsStorm;
  const before = { ...phase, events: phase.events.filter(([, at]) => at < healthAt) };
  const after = { ...phase, events: phase.events.filter(([, at]) => at >= healthAt) };
  const refusedBefore = before.events.filter(([kind]) => isRefusal(kind));
  const refusedAfter = after.events.filter(([kind]) => isRefusal(kind));
  const listStorm = stats(storm.times);
  console.log(
    `  restart: stopped in ${seconds(downAt - stopAt)}, answering again ${seconds(healthAt - stopAt)} after the stop; ${back.all ? `all ${n(back.online)} players back ${seconds(back.at - healthAt)} after that (${seconds(back.at - stopAt)} after the stop)` : `only ${n(back.online)} of ${n(plan.players)} players back ${plan.stormS} s after that`}`,
  );
  if (!back.all)
    problems.push(
      `${n(plan.players - back.online)} players not back online ${plan.stormS} s after the restart (waiting ${waitingText(back.waiting)})`,
    );
  console.log(
    `    the shutdown left ${n(onlineDown)} of ${n(plan.players)} devices online in the database (${n(mailJobs)} device-status jobs queued)`,
  );
  reportConnectionEvents('    before the server answered', { events: before.events });
  reportConnectionEvents('    after it answered', after);
  console.log(
    `    device list during the storm: ${n(storm.times.length)} requests, ${percentiles(listStorm)}${storm.failures.length ? `; ${storm.failures.length} FAILED (${storm.failures[0]})` : ''}`,
  );
  const onlineAfter = await countOnline(pool);
  const rssAfter = serverRssKb();
  console.log(
    `    after the storm: ${n(onlineAfter)} devices online in the database; server RSS ${mb(rssAfter)}`,
  );
  if (onlineAfter !== plan.players)
    problems.push(`${n(onlineAfter)} devices online in the database after the restart`);
  reportServerLog([path.join(workDir, 'server.log'), path.join(workDir, 'server-restarted.log')]);
  console.log(`  machine load after: ${machineLoad()}`);

  // 5. The goals.
  const projectedMb = (rssBefore + perPlayerKb * GOAL.players) / 1024;
  const atSize = short ? ` (at ${n(plan.players)})` : '';
  const rssMet = (short ? projectedMb : rssWith / 1024) <= GOAL.rssMb;
  const heldMet = up.online === plan.players && onlineRows === plan.players && plan.players >= GOAL.players;
  console.log('  goals:');
  goal(
    `${n(GOAL.players)} players on one server process, RSS ≤ 1.5 GB`,
    short
      ? `${n(up.online)} held, RSS projected at ${n(GOAL.players)}: ${Math.round(projectedMb)} MB (run the full benchmark)`
      : `${n(up.online)} held, RSS ${mb(rssWith)}`,
    short ? rssMet : heldMet && rssMet,
  );
  goal(
    `command p99 ≤ ${GOAL.commandP99Ms} ms${atSize}`,
    ms(commands.rtt.p99).trim(),
    commands.rtt.p99 <= GOAL.commandP99Ms,
  );
  goal(
    `all back online ≤ ${GOAL.backOnlineS} s after the restart${atSize}`,
    back.all ? seconds(back.at - healthAt) : `not all within ${plan.stormS} s`,
    back.all && (back.at - healthAt) / 1000 <= GOAL.backOnlineS,
  );
  goal(
    'no refused connections once the server answers',
    `${n(refusedAfter.length)} refused (${n(refusedBefore.length)} before it answered)`,
    refusedAfter.length === 0,
  );
  const listRatio = listStorm.p99 / steady.p99;
  goal(
    `device list p99 during the storm ≤ ${GOAL.listStormRatio}× its p99 steady${atSize}`,
    `${ms(listStorm.p99).trim()} against ${ms(steady.p99).trim()}: ${listRatio.toFixed(2)}×${storm.failures.length ? `, ${storm.failures.length} failed` : ''}`,
    listRatio <= GOAL.listStormRatio && storm.failures.length === 0,
  );
  if (problems.length > 0) throw new Error(`could not measure:\n    ${problems.join('\n    ')}`);
} finally {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}

function waitingText(waiting) {
  return Object.entries(waiting)
    .filter(([, count]) => count > 0)
    .map(([what, count]) => `${what}: ${n(count)}`)
    .join(', ');
}

async function countOnline(pool) {
  const { rows } = await pool.query('SELECT count(*)::int AS count FROM devices WHERE status = $1', [
    DeviceStatus.online,
  ]);
  return rows[0].count;
}

/** `ulimit -n` of this process (the children and the server inherit it). */
function maxOpenFiles() {
  const line = fs
    .readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((row) => row.startsWith('Max open files'));
  return Number(line.split(/\s{2,}/)[1]);
}

/**
 * Forks the player processes (simulated-fleet.mjs). Answers waitAllOnline, takePhase (the
 * connection events since the last call, [kind, at], and the longest event-loop delay of a player
 * process), ackOf and stop.
 */
function startPlayers(url) {
  const events = [];
  let delayMs = 0;
  const acks = new Map();
  const waiters = new Map();
  const players = forkPlayers({
    name: 'Fleet',
    players: plan.players,
    processes: plan.processes,
    start: { url },
    onMessage(message) {
      if (message.type === 'ack') {
        const waiter = waiters.get(message.command_id);
        if (waiter) waiter(message.at);
        else acks.set(message.command_id, message.at);
      } else if (message.type === 'report') {
        events.push(...message.events);
        delayMs = Math.max(delayMs, message.delayMs);
      }
    },
  });
  return {
    waitAllOnline: (since, timeoutS) => players.waitAllOnline(since, timeoutS, { progress: true }),
    async takePhase() {
      await players.reportAll();
      const phase = { events: events.splice(0), delayMs };
      delayMs = 0;
      return phase;
    },
    /** When the player sent its ack of the command (rejects after ACK_TIMEOUT_MS). */
    ackOf(commandId) {
      if (acks.has(commandId)) return Promise.resolve(acks.get(commandId));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(commandId);
          reject(new Error(`no ack of command ${commandId} within ${ACK_TIMEOUT_MS / 1000} s`));
        }, ACK_TIMEOUT_MS);
        waiters.set(commandId, (at) => {
          clearTimeout(timer);
          waiters.delete(commandId);
          resolve(at);
        });
      });
    },
    stop: players.stop,
  };
}

/** plan.commands identify commands to random devices, IN_FLIGHT at a time. */
async function sendCommands(url, headers, deviceIds, fleet) {
  const rtt = [];
  const post = [];
  const sent = [];
  let missing = 0;
  let next = 0;
  const worker = async () => {
    while (next < plan.commands) {
      next++;
      const deviceId = deviceIds[Math.floor(Math.random() * deviceIds.length)];
      const begin = clock();
      const response = await fetch(`${url}/backend/manager/device/${deviceId}/command`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'identify' }),
      });
      const body = await response.json();
      post.push(clock() - begin);
      if (response.status !== 200 || body.code !== 220000)
        throw new Error(
          `POST device/${deviceId}/command answered ${response.status} ${JSON.stringify(body)}`,
        );
      const commandId = body.data.command_id;
      sent.push({ deviceId, commandId });
      try {
        rtt.push((await fleet.ackOf(commandId)) - begin);
      } catch {
        missing++;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  if (missing > 0) problems.push(`${missing} of ${plan.commands} commands were never acknowledged`);
  // The acks land: a sample of the commands reads as done.
  await sleep(500);
  const sample = sent.slice(0, 20);
  let done = 0;
  for (const { deviceId, commandId } of sample) {
    const response = await fetch(`${url}/backend/manager/device/${deviceId}/command/${commandId}`, {
      headers,
    });
    const body = await response.json();
    if (body.data?.status === 'done') done++;
  }
  if (done !== sample.length)
    problems.push(`${sample.length - done} of ${sample.length} sampled commands not done`);
  return { rtt: stats(rtt), post: stats(post), checked: sample.length, done };
}

/** A connection the server turned away (not one it closed while shutting down). */
function isRefusal(kind) {
  return kind === 'ECONNREFUSED' || kind.startsWith('HTTP ') || kind === 'close 4401';
}

/**
 * Connection errors and closes by kind; the server's CPU time per player welcomed meanwhile; how
 * often the listen queue overflowed; the player processes' longest event-loop delay (they share
 * the machine's cores with the server).
 */
function reportConnectionEvents(label, { events, delayMs, cpu, overflows }) {
  const counts = new Map();
  for (const [kind] of events) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const list = [...counts].sort((a, b) => b[1] - a[1]).map(([kind, count]) => `${kind} ${n(count)}`);
  const notes = [list.length ? list.join(', ') : 'no connection errors or closes'];
  if (cpu)
    notes.push(
      `server CPU ${Math.round(cpu.share * 100)}% of a core, ${((cpu.seconds * 1000) / plan.players).toFixed(1)} ms per player`,
    );
  if (overflows !== undefined) notes.push(`listen queue overflowed ${n(overflows)} times`);
  if (delayMs !== undefined)
    notes.push(`player processes' event-loop delay at most ${Math.round(delayMs)} ms`);
  console.log(`${label}: ${notes.join('; ')}`);
}

/**
 * The kernel's count of connections dropped because a listen queue was full (ListenOverflows in
 * /proc/net/netstat, for the whole machine: here, the server's port). The client of such a
 * connection believes it connected, and is only reset when it sends again, maybe much later.
 */
function listenOverflows() {
  const [names, values] = fs
    .readFileSync('/proc/net/netstat', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('TcpExt:'))
    .map((line) => line.split(/\s+/));
  return Number(values[names.indexOf('ListenOverflows')]);
}

/** The server process's CPU time so far (user + system), in seconds, and when it was read. */
function serverCpu() {
  const stat = fs.readFileSync(`/proc/${serverPid()}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, fields 14 and 15 of proc(5), in clock ticks (USER_HZ, 100 on Linux).
  return { seconds: (Number(fields[11]) + Number(fields[12])) / 100, at: clock() };
}

/** CPU seconds between two serverCpu() readings, and their share of the time between them. */
function cpuUse(from, to) {
  const seconds = to.seconds - from.seconds;
  return { seconds, share: seconds / ((to.at - from.at) / 1000) };
}
