// bench/wall: four browser players play one synced video in lock-step (docs/sync.md), each with its
// clock set wrong by up to ±2 s and its connection to the server delayed with 0–80 ms of jitter.
//   node bench/wall.mjs [--short] [--offline-seconds N]
// 1. Makes a 10 s 640×360 H.264 video at 60 fps with ffmpeg (a test pattern with a running
//    counter), starts the real server (embedded database; building what is stale), registers an
//    owner and uploads the video through the chunked protocol.
// 2. Opens four player pages in Chromium (/usr/bin/chromium or CHROMIUM_PATH, headless), each
//    through its own TCP proxy that holds every chunk, each way, 0–80 ms (random, in order), and
//    each with its clock skewed by −2000, −700, +900 or +2000 ms: Date, Date.now and
//    performance.timeOrigin all say that time, as on a screen whose clock is set wrong
//    (performance.now() and frame times are intervals and stay true). Each page is paired.
// 3. A sync schedule plays the video (alone, so looping) on the four. Every frame each page
//    presents (requestVideoFrameCallback) is recorded with its media time and its display time on
//    the machine's true clock, the reference all pages share.
// 4. Measures for 60 s (--short: 20 s) the drift between every two players: at each frame of one,
//    the other's media time at the same reference instant (from its nearest frame, advanced at
//    rate 1), minus this one's; p99 and max of |drift|. Goal p99 ≤ 17 ms, max ≤ 34 ms.
// 5. Reloads one page and times how long until its drift to the others is back within 17 ms and
//    stays there for a second. Goal ≤ 3 s.
// 6. Stops the server for 5 minutes (--offline-seconds, --short: 10 s): the players keep their
//    offsets; the drift over the last 60 s (or the whole time when shorter) of the outage. Goal
//    p99 ≤ 17 ms.
// Prints every figure, met or NOT met, and the machine's load.
import { spawnSync } from 'node:child_process';
import { createHash, randomInt } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { goal, ms, stats } from './figures.mjs';
import {
  benchRun,
  chunkedUpload,
  get,
  launchBenchServer,
  machineLoad,
  pairScreen,
  post,
  registerOwner,
  until,
} from './owner.mjs';

const short = process.argv.includes('--short');
const offlineFlag = process.argv.indexOf('--offline-seconds');
const OFFLINE_S = offlineFlag > 0 ? Number(process.argv[offlineFlag + 1]) : short ? 10 : 300;
const MEASURE_S = short ? 20 : 60;
const SKEWS_MS = [-2000, -700, 900, 2000];
const JITTER_MS = 80;
const VIDEO_S = 10;
const GOALS = { p99: 17, max: 34, rejoin: 3000 };
const OWNER = { email: 'owner@wall.bench.test', password: 'Owner-2024!' };

await benchRun('wall', async ({ workDir, stops }) => {
  const dataDir = path.join(workDir, 'data');
  console.log(`  load before: ${machineLoad()} on ${os.cpus().length} cores`);
  const video = makeVideo(workDir);
  const server = await launchBenchServer(dataDir, path.join(workDir, 'server.log'));
  stops.push(() => server.stop());
  const serverPort = Number(new URL(server.url).port);
  const login = await registerOwner(server.url, dataDir, OWNER);
  const { item } = await chunkedUpload(server.url, login.token, {
    ...video,
    name: 'wall.mp4',
    mime: 'video/mp4',
  });
  const contentId = item.id;
  await until(
    async () => (await get(server.url, `/manager/resource/${contentId}`, login.token)).state === 'ready',
    120_000,
    'the video to be processed',
  );

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--autoplay-policy=no-user-gesture-required',
      '--disable-background-timer-throttling',
      '--no-sandbox',
    ],
  });
  stops.push(() => browser.close());
  const players = [];
  for (const [index, skew] of SKEWS_MS.entries()) {
    const proxy = await jitterProxy(serverPort, JITTER_MS);
    stops.push(proxy.stop);
    const context = await browser.newContext({ viewport: { width: 640, height: 360 } });
    await context.addInitScript(instrument, skew);
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`console: ${message.text()}`);
    });
    page.on('requestfailed', (request) =>
      problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
    );
    await page.goto(`http://127.0.0.1:${proxy.port}/player/`);
    const signageId = (
      await page
        .locator('.signage-id')
        .textContent({ timeout: 60_000 })
        .catch(async (error) => {
          const shown = await page.evaluate(() => document.body.innerText.slice(0, 300)).catch(() => '');
          console.log(`    player ${index + 1} shows instead: ${JSON.stringify(shown)}`);
          for (const problem of problems.slice(-10)) console.log(`      ${problem}`);
          throw error;
        })
    ).trim();
    const pin = (await page.locator('.pin').textContent()).trim();
    const device = await pairScreen(server.url, login, { signageId, pin, name: `Wall ${index + 1}` });
    players.push({ page, skew, deviceId: device.device_id, frames: [], problems });
  }

  const today = new Date().toISOString().slice(0, 10);
  const schedule = await post(server.url, '/manager/schedule', login.token, {
    name: 'Wall video',
    type: 'sync',
    device_ids: players.map((player) => player.deviceId),
    items: [{ content_id: contentId, duration: null }],
    start_date: today,
    end_date: '2099-12-31',
    frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
    submit: true,
  });
  if (schedule.state === 'pending')
    await post(server.url, `/manager/schedule/${schedule.id}/approve`, login.token, {});
  // Each plays (and has settled: its first pings answered, its first seek made).
  try {
    await until(
      async () => (await Promise.all(players.map(drain))).every((frames) => frames.length > 30),
      120_000,
      'all four to play',
    );
  } catch (error) {
    await perPlayer(players, 120);
    for (const player of players) {
      const screen = await player.page.evaluate(() => document.body.innerText.slice(0, 200)).catch(() => '');
      console.log(`    player ${player.deviceId} shows: ${JSON.stringify(screen)}`);
    }
    throw error;
  }
  await sleep(5_000);
  for (const player of players) player.frames = [];

  // Online.
  await collect(players, MEASURE_S);
  const online = drifts(players);
  console.log(
    `  online, ${MEASURE_S} s, skews ${SKEWS_MS.join(', ')} ms, jitter 0–${JITTER_MS} ms each way:`,
  );
  await perPlayer(players, MEASURE_S);
  report(online);

  // A reload.
  const reloaded = players[3];
  const reloadAt = performance.timeOrigin + performance.now();
  await reloaded.page.reload();
  for (const player of players) player.frames = [];
  await collect(players, 10);
  const rejoin = rejoinTime(players, reloaded, reloadAt);
  goal(
    `  reloaded player back within ${GOALS.p99} ms (for 1 s) after`,
    Number.isFinite(rejoin) ? `${ms(rejoin)} (goal ≤ ${GOALS.rejoin} ms)` : 'never',
    rejoin <= GOALS.rejoin,
  );

  // The server stopped.
  await server.stop();
  stops.shift();
  const window = Math.min(OFFLINE_S, 60);
  console.log(`  server stopped for ${OFFLINE_S} s; drift over its last ${window} s:`);
  await sleep((OFFLINE_S - window) * 1000);
  for (const player of players) await drain(player);
  for (const player of players) player.frames = [];
  await collect(players, window);
  const offline = drifts(players);
  await perPlayer(players, window);
  report(offline, { maxGoal: false });
  console.log(`  load after: ${machineLoad()}`);
});

/** In the page, before anything: the skewed clock, and every presented video frame recorded. */
function instrument(skew) {
  const realOrigin = performance.timeOrigin;
  const RealDate = Date;
  const realNow = Date.now.bind(Date);
  class SkewedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(realNow() + skew);
      else super(...args);
    }
    static now() {
      return realNow() + skew;
    }
  }
  window.Date = SkewedDate;
  Object.defineProperty(performance, 'timeOrigin', { get: () => realOrigin + skew });
  const frames = [];
  window.__wallFrames = frames;
  const watch = (video) => {
    if (video.__watched) return;
    video.__watched = true;
    const onFrame = (_now, metadata) => {
      frames.push([
        realOrigin + metadata.expectedDisplayTime,
        metadata.mediaTime,
        video.duration,
        video.playbackRate,
      ]);
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  new MutationObserver(() => {
    for (const video of document.querySelectorAll('video')) watch(video);
  }).observe(document, { childList: true, subtree: true });
  // Why a video stands paused: who paused it (the caller's first frame in the player's code), a
  // play() refused (its error), the events that stop playback.
  const events = [];
  window.__wallEvents = events;
  const note = (what) => events.push(`${(performance.now() / 1000).toFixed(1)} s ${what}`);
  const caller = () =>
    (new Error().stack ?? '')
      .split('\n')
      .slice(2)
      .find((line) => !line.includes('__wall'))
      ?.trim() ?? '?';
  const realPause = HTMLMediaElement.prototype.pause;
  HTMLMediaElement.prototype.pause = function __wallPause() {
    if (this.isConnected && !this.paused) note(`pause() at ${this.currentTime.toFixed(3)} by ${caller()}`);
    return realPause.call(this);
  };
  const realPlay = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function __wallPlay() {
    const started = realPlay.call(this);
    started.catch((error) =>
      note(`play() refused at ${this.currentTime.toFixed(3)}: ${error.name} ${error.message}`),
    );
    return started;
  };
  for (const type of ['ended', 'error', 'emptied', 'stalled']) {
    document.addEventListener(
      type,
      (event) =>
        note(
          `${type} (${event.target.currentTime?.toFixed(3)}${event.target.error ? `, ${event.target.error.code} ${event.target.error.message}` : ''}) ${event.target.currentSrc ?? ''}`,
        ),
      true,
    );
  }
  document.addEventListener('visibilitychange', () => note(`visibility ${document.visibilityState}`));
  // Seeks: the corrector's, and the loop's wrap (one each time round).
  window.__wallSeeks = 0;
  document.addEventListener('seeking', () => window.__wallSeeks++, true);
}

/** Takes the frames a page recorded since the last call. */
async function drain(player) {
  const taken = await player.page.evaluate(() => (window.__wallFrames ?? []).splice(0)).catch(() => []);
  for (const [at, media, length, rate] of taken) player.frames.push({ at, media, length, rate });
  return player.frames;
}

async function collect(players, seconds) {
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    await sleep(1000);
    await Promise.all(players.map(drain));
  }
}

/**
 * The other's media time at reference instant `at`: from its frame nearest before it, advanced at
 * rate 1 (a frame stays on screen until the next; rates differ from 1 by 5 % at most).
 */
function mediaAt(frames, at) {
  let low = 0;
  let high = frames.length - 1;
  if (high < 0 || frames[0].at > at) return null;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (frames[mid].at <= at) low = mid;
    else high = mid - 1;
  }
  const frame = frames[low];
  if (at - frame.at > 100) return null; // a gap (reload, stall): no reading
  return frame.media + (at - frame.at) / 1000;
}

/** Drift (ms) of `b` against the frame of another player: the short way round the loop. */
function driftAt(frame, b) {
  const other = mediaAt(b.frames, frame.at);
  if (other === null) return null;
  let drift = other - frame.media;
  const length = frame.length || VIDEO_S;
  if (drift > length / 2) drift -= length;
  if (drift < -length / 2) drift += length;
  return drift * 1000;
}

/** |drift| of every pair at every frame of the first of the pair. */
function drifts(players) {
  const all = [];
  for (let i = 0; i < players.length; i++) {
    for (let j = i + 1; j < players.length; j++) {
      for (const frame of players[i].frames) {
        const drift = driftAt(frame, players[j]);
        if (drift !== null) all.push(Math.abs(drift));
      }
    }
  }
  return all;
}

function report(samples, { maxGoal = true } = {}) {
  const { p50, p99, max } = stats(samples);
  console.log(`    ${samples.length} frame pairs; drift p50 ${ms(p50)}  p99 ${ms(p99)}  max ${ms(max)}`);
  goal('  drift p99', `${ms(p99)} (goal ≤ ${GOALS.p99} ms)`, p99 <= GOALS.p99);
  if (maxGoal) goal('  drift max', `${ms(max)} (goal ≤ ${GOALS.max} ms)`, max <= GOALS.max);
}

/**
 * Each player's frames presented per second, where its video stood (its media time less the
 * reference time, round the loop, median) against the first player's, and its video's state now.
 */
async function perPlayer(players, seconds) {
  const loopMs = VIDEO_S * 1000;
  /** a − b, the short way round the loop (9983 ms ahead is 17 ms behind). */
  const round = (a, b) => {
    const gap = (((a - b) % loopMs) + loopMs) % loopMs;
    return gap > loopMs / 2 ? gap - loopMs : gap;
  };
  const at = (frame) => {
    const length = (frame.length || VIDEO_S) * 1000;
    return (((frame.media * 1000 - frame.at) % length) + length) % length;
  };
  const position = (player) => stats(player.frames.map(at)).p50;
  const first = position(players[0]);
  const apart = (player) => round(position(player), first);
  // How far each frame stood from the player's own median: jitter (a loaded machine: frames late,
  // dropped) rather than a steady offset (the clock's estimate, the corrector's dead band).
  const spread = (player) => {
    const middle = position(player);
    return stats(player.frames.map((frame) => Math.abs(round(at(frame), middle)))).p99;
  };
  // The corrector's work: how many frames it showed at a rate other than 1, and at the limit.
  const rates = (player) => {
    const off = player.frames.filter((frame) => frame.rate !== 1).length;
    const limit = player.frames.filter((frame) => Math.abs(frame.rate - 1) >= 0.0499).length;
    const share = (count) => `${((100 * count) / Math.max(1, player.frames.length)).toFixed(0)} %`;
    return `rate ≠ 1 on ${share(off)} of frames, ±5 % on ${share(limit)}`;
  };
  for (const [index, player] of players.entries()) {
    const { state, work, events } = await player.page
      .evaluate(() => {
        const videos = [...document.querySelectorAll('video')];
        const states = videos.map(
          (video) =>
            `t ${video.currentTime.toFixed(3)} s, rate ${video.playbackRate.toFixed(3)}, ${video.paused ? 'paused' : 'playing'}${video.loop ? '' : ', no loop'}`,
        );
        const events = (window.__wallEvents ?? []).splice(0);
        const seeks = window.__wallSeeks ?? 0;
        window.__wallSeeks = 0;
        window.__wallDropped ??= new WeakMap();
        let dropped = 0;
        for (const video of videos) {
          const total = video.getVideoPlaybackQuality().droppedVideoFrames;
          dropped += total - (window.__wallDropped.get(video) ?? 0);
          window.__wallDropped.set(video, total);
        }
        return {
          state: `${states.length === 0 ? 'no video' : states.join(' | ')}; ${document.visibilityState}`,
          work: `${seeks} seeks (loop wraps included), ${dropped} frames dropped`,
          events: events.slice(-6),
        };
      })
      .catch((error) => ({ state: `unreadable (${error.message})`, work: '', events: [] }));
    const skew = `${player.skew > 0 ? '+' : ''}${player.skew}`;
    const rate = (player.frames.length / seconds).toFixed(1);
    console.log(
      `    player ${index + 1} (clock ${skew} ms): ${rate} frames/s, at ${ms(apart(player))} from player 1 (p99 ${ms(spread(player))} from its own median); ${state}`,
    );
    console.log(`      ${work}, ${rates(player)}`);
    for (const event of events) console.log(`      ${event}`);
    // What the page failed to load, or said went wrong, since the last report.
    for (const problem of player.problems.splice(0).slice(-4)) console.log(`      page: ${problem}`);
  }
}

/** From the reload, the time until the reloaded player's drift to every other stays ≤ 17 ms for 1 s. */
function rejoinTime(players, reloaded, reloadAt) {
  const others = players.filter((player) => player !== reloaded);
  const frames = reloaded.frames.filter((frame) => frame.at > reloadAt);
  let since = null;
  for (const frame of frames) {
    const worst = Math.max(
      ...others.map((other) => {
        const drift = driftAt(frame, other);
        return drift === null ? Number.POSITIVE_INFINITY : Math.abs(drift);
      }),
    );
    if (worst <= GOALS.p99) {
      since ??= frame.at;
      if (frame.at - since >= 1000) return since - reloadAt;
    } else since = null;
  }
  return Number.POSITIVE_INFINITY;
}

/** A TCP proxy to the server that holds each chunk, each way, a random 0–jitter ms, keeping order. */
function jitterProxy(targetPort, jitter) {
  const sockets = new Set();
  // Each way holds its chunks in order in one queue drained by one timer: a timer per chunk
  // reorders them (timers round to whole milliseconds, so a later chunk's shorter delay fires
  // first), which corrupts the stream (a bundle that never runs, a video that fails to decode at a
  // fixed place). Each way ends on its own once written (half-open sockets, end() not destroy(),
  // which drops what is not flushed yet).
  const pipe = (from, to) => {
    const queue = [];
    let last = 0;
    let armed = false;
    let ended = false;
    const arm = (delay) => {
      if (armed) return;
      armed = true;
      setTimeout(flush, Math.ceil(Math.max(0, delay)));
    };
    const flush = () => {
      armed = false;
      const now = performance.now();
      while (queue.length > 0 && queue[0].at <= now) {
        const { chunk } = queue.shift();
        if (to.writable) to.write(chunk);
      }
      if (queue.length > 0) arm(queue[0].at - now);
      else if (ended) to.end();
    };
    from.on('data', (chunk) => {
      last = Math.max(last, performance.now() + randomInt(0, jitter + 1));
      queue.push({ at: last, chunk });
      arm(last - performance.now());
    });
    from.on('end', () => {
      ended = true;
      arm(0);
    });
    from.on('error', () => to.destroy());
  };
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const upstream = net.connect({ port: targetPort, host: '127.0.0.1', allowHalfOpen: true });
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    pipe(client, upstream);
    pipe(upstream, client);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: server.address().port,
        stop: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(done);
          }),
      }),
    );
  });
}

/** A 10 s 640×360 H.264 video at 60 fps (a test pattern whose counter moves every frame). */
function makeVideo(dir) {
  const file = path.join(dir, 'wall.mp4');
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `testsrc2=s=640x360:r=60:d=${VIDEO_S}`],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '60', '-movflags', '+faststart', file],
  ];
  const { status, stderr } = spawnSync('ffmpeg', args);
  if (status !== 0) throw new Error(`ffmpeg: ${stderr}`);
  const hash = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  return { file, hash };
}
