// What bench/publish and bench/cluster share: a fleet's company with one ready image (seedFleet,
// each device licensed), the simulated players that hear 'manifest' and fetch their manifest with
// the ETag they hold (fleet-players.mjs), and one schedule for every device created (submitted)
// and approved through the API. The players also reach a bare server for bench/publish's baselines
// (a second socket each, a fetch round of another URL).
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fleetTiming } from './figures.mjs';
import { clock, forkPlayers, licenseFleet, seedFleet } from './simulated-fleet.mjs';

// From packages/contract/src/enums.ts (TypeScript, not importable here).
const ContentType = { image: 1 };
/** What the hub sends a screen whose manifest changed (packages/contract/src/player.ts). */
export const NOTIFICATION = JSON.stringify({ type: 'manifest' });

/**
 * The company `name` with `players` licensed devices (seedFleet: device n has the token of player
 * n) in the timezone the players report (UTC: a new one would change their manifests as they
 * connect), and one ready landscape image in the workspace's default folder. Answers the device
 * ids and the image's id.
 */
export async function seedPublication(pool, { name, owner, players }) {
  const one = async (text, values) => (await pool.query(text, values)).rows[0];
  const { companyId, workspaceId, deviceIds } = await seedFleet(pool, {
    name,
    owner,
    players,
    timezone: 'UTC',
  });
  await licenseFleet(pool, { name, companyId, deviceIds });
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
 * One schedule for every device of `deviceIds` showing `contentId`, created (submitted) through
 * `call` (apiCaller) and then approved; `beforeApproval` runs between the two (what came before
 * is not the approval's). Answers the schedule, when the approval was sent and when it was
 * answered (clock()), and how long the creation took.
 */
export async function publishSchedule(call, { name, deviceIds, contentId, beforeApproval }) {
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const startedAt = clock();
  const created = await call('POST', '/backend/manager/schedule', {
    name,
    type: 'standard',
    device_ids: deviceIds,
    items: [{ content_id: contentId, duration: 10 }],
    start_date: today,
    end_date: end,
    frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
    exclude_holidays: false,
    submit: true,
  });
  const createdMs = clock() - startedAt;
  await beforeApproval();
  const sentAt = clock();
  if (created.state !== 'approved') {
    const approved = await call('POST', `/backend/manager/schedule/${created.id}/approve`, {});
    if (approved.state !== 'approved') throw new Error(`the approved schedule is ${approved.state}`);
  }
  return { created, createdMs, sentAt, answeredAt: clock() };
}

/**
 * Forks the player processes of seedPublication(name)'s fleet; process p connects to start(p)'s
 * `url` (the socket) and fetches manifests from its `manifest` (the server's HTTP base). Answers
 * waitAllOnline, fetchAll (every player fetches at once; the statuses and when 99 % and all ended),
 * takeManifest (what the players reported since), waitManifest (the statuses, the fetches' and
 * the notices' timing, and each process's notices: ms since `since`), connectBare, waitNotices,
 * bareBroadcast and stop.
 */
export function publicationPlayers({ name, players, processes, waitS, start }) {
  const fleet = forkPlayers({ name, players, processes, start });
  /** Notices at these times (ms since the clock started): how many, the first, 99 % and all. */
  const noticeTiming = (times) => ({
    count: times.length,
    first: times.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY),
    ...fleetTiming(times, players),
  });
  const reportAll = fleet.reportAll;
  const merge = (all) => ({
    notified: all.map((r) => r.manifest?.notified ?? []),
    fetched: all.flatMap((r) => r.manifest?.fetched ?? []),
  });
  /** Until `want` fetches ended since `since` (and, told so, `want` notices came), or timeoutS. */
  const waitFetches = async (since, timeoutS, withNotices) => {
    const fetched = [];
    const notified = Array.from({ length: processes }, () => []);
    const count = () => notified.reduce((sum, one) => sum + one.length, 0);
    const deadline = clock() + timeoutS * 1000;
    while ((fetched.length < players || (withNotices && count() < players)) && clock() < deadline) {
      await sleep(50);
      const got = merge(await reportAll());
      fetched.push(...got.fetched);
      for (const [p, at] of got.notified.entries()) notified[p].push(...at);
    }
    const statuses = new Map();
    for (const [status] of fetched) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    return {
      statuses,
      fetched: fleetTiming(
        fetched.map(([, at]) => at - since),
        players,
      ),
      notified: notified.map((one) => one.map((at) => at - since)),
    };
  };
  const waitNotices = async (since, timeoutS) => {
    const notified = [];
    const deadline = clock() + timeoutS * 1000;
    while (notified.length < players && clock() < deadline) {
      await sleep(50);
      notified.push(...merge(await reportAll()).notified.flat());
    }
    return noticeTiming(notified.map((at) => at - since));
  };
  return {
    waitAllOnline: (since, timeoutS) => fleet.waitAllOnline(since, timeoutS),
    /** Every player fetches at once: its manifest, or `url` (the bare fetch round). */
    async fetchAll(url) {
      await reportAll();
      const since = clock();
      fleet.send({ type: 'fetch-all', url });
      const result = await waitFetches(since, waitS, false);
      return { statuses: result.statuses, p99: result.fetched.p99, all: result.fetched.all };
    },
    takeManifest: async () => merge(await reportAll()),
    async waitManifest(since, timeoutS) {
      const result = await waitFetches(since, timeoutS, true);
      const all = result.notified.flat();
      return {
        statuses: result.statuses,
        fetched: result.fetched,
        notified: noticeTiming(all),
        byProcess: result.notified,
      };
    },
    /** A second socket per player, to the bare WebSocket server at `url`; answers how many opened. */
    async connectBare(url) {
      fleet.send({ type: 'bare-connect', url });
      const deadline = clock() + waitS * 1000;
      for (;;) {
        const open = (await reportAll()).reduce((sum, r) => sum + r.bareOnline, 0);
        if (open >= players) return open;
        if (clock() > deadline)
          throw new Error(`only ${open} of ${players} sockets to the bare server opened`);
        await sleep(100);
      }
    },
    /** Until every player heard a notice since `since` (or timeoutS): how many, and when (ms since). */
    waitNotices,
    /**
     * POST /bare/broadcast to the bare server on `port` (every player connected to it by
     * connectBare): until every player heard it, its timing from the sending (as waitNotices).
     */
    async bareBroadcast(port) {
      await reportAll(); // what came before is not this broadcast's
      const sentAt = clock();
      const sent = await fetch(`http://127.0.0.1:${port}/bare/broadcast`, { method: 'POST' });
      if (sent.status !== 200) throw new Error(`bare broadcast answered ${sent.status}`);
      const heard = await waitNotices(sentAt, waitS);
      if (heard.count < players)
        throw new Error(`${players - heard.count} players never heard the bare broadcast`);
      return heard;
    },
    stop: fleet.stop,
  };
}
