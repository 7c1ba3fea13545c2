// bench/player: in Chromium, the player's preview page (the screen's own renderer) plays a
// playlist of short images (1 s) and videos (2 s) for a minute (--short: 15 s). Per transition it
// measures the gap from the outgoing item's end to the first painted frame of the incoming one (the
// renderer's window.__vitrineRenderTrace hook). The end is the outgoing item's real end of display
// as the renderer times it: its duration from when it really began (a video: from its first frame
// presented playing, later than the frame that showed its layer), which the trace gives as `due`
// (`planned`: the end first planned, before that re-basing). It counts black frames two
// ways: frames in which the zone shows no layer with content (checked in the page on every frame:
// an image decoded, a video whose frame the compositor has had), and then, in a second pass,
// composited frames whose centre is black (the DevTools screencast). Baseline: the frame
// interval of a plain requestAnimationFrame loop in the same page, same run. Goal: gap p99 ≤ 17 ms
// (one frame), no black frame.
//   node bench/player.mjs [--short]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const GOAL_GAP_MS = 17;
const short = process.argv.includes('--short');
const PLAY_MS = short ? 15_000 : 60_000;
const SCREENCAST_MS = short ? 10_000 : 30_000;
const WIDTH = 1280;
const HEIGHT = 720;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
];

const here = path.dirname(fileURLToPath(import.meta.url));
const playerDir = path.resolve(here, '../apps/player');
const distDir = path.join(playerDir, 'dist');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-player-'));
const stops = [];

try {
  buildPlayerIfStale();
  const media = makeMedia(workDir);
  const server = await serve({ '/player/': distDir, '/media/': workDir });
  stops.push(server.stop);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  stops.push(() => browser.close());
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      errors.push(`${message.text()} ${message.location().url}`);
  });
  await page.addInitScript(instrument);
  await page.goto(`${server.url}/player/preview.html`);

  const program = playlist(media);
  await page.evaluate(
    (program) => window.postMessage({ type: 'vitrine:program', program }, location.origin),
    program,
  );
  await page.waitForTimeout(PLAY_MS);
  const result = await page.evaluate(() => window.__bench.result());
  // Then the composited frames, in a second pass: the screencast costs the page frames of its own.
  const screencast = await watchScreencast(page);
  await page.waitForTimeout(SCREENCAST_MS);
  const composited = await screencast.stop();

  const gaps = result.events.filter((event) => event.due !== null).map((event) => event.painted - event.due);
  const transitions = result.events.filter((event) => event.due !== null);
  const byKind = byItemKind(transitions, (event) => event.painted - event.due);
  if (gaps.length < 3) throw new Error(`only ${gaps.length} transitions measured: ${errors.join('; ')}`);
  const intervals = result.intervals;
  const load = os.loadavg().map((value) => value.toFixed(1));
  console.log(
    `  machine: ${os.cpus().length} cores, load average ${load.join(' ')} (1, 5, 15 min) at the end`,
  );
  console.log(
    `  playlist: ${media.images.length} images of 1 s and ${media.videos.length} videos of 2 s (H.264 ${media.videoSize}), one zone ${WIDTH}×${HEIGHT}, played ${PLAY_MS / 1000} s in Chromium ${browser.version()} (headless, --disable-gpu)`,
  );
  console.log(
    `  transitions measured: ${gaps.length} (${Object.entries(byKind)
      .map(([kind, list]) => `${list.length} to ${kind}`)
      .join(', ')})`,
  );
  console.log(
    `  gap, end of the outgoing item (its real end, re-based on its real start) → first painted frame of the next item (negative: painted before the end, on the nearest frame):`,
  );
  console.log(`    all:    ${figures(gaps)}  min ${min(gaps).toFixed(2)} ms`);
  for (const [kind, list] of Object.entries(byKind)) console.log(`    ${kind.padEnd(6)}  ${figures(list)}`);
  const rebased = byItemKind(outgoingOf(result.events), (event) => event.due - event.planned);
  console.log(
    `  end re-based on the real start (real end − planned end), by outgoing kind: ${Object.entries(rebased)
      .map(([kind, list]) => `${kind} ${figures(list)}`)
      .join('; ')}`,
  );
  console.log(
    `  baseline, frame interval of a plain rAF loop in the page: ${figures(intervals)} (${intervals.length} frames)`,
  );
  console.log(
    `  black frames: ${result.black} of ${result.frames} frames checked in the page (no shown layer with a decoded image or a composited video frame)`,
  );
  console.log(
    `    then ${SCREENCAST_MS / 1000} s more under the DevTools screencast: ${composited.black} of ${composited.frames} composited frames with a black centre`,
  );
  const preparing = byItemKind(result.events, (event) => event.prepared - event.requested);
  console.log(
    `  time to prepare: ${Object.entries(preparing)
      .map(([kind, list]) => `${kind} ${figures(list)}`)
      .join('; ')}`,
  );
  // Each swap later than a frame, and the longest frame of the page's own rAF loop between the end
  // and that paint: a swap late by no more than that frame is late because the page was.
  const slow = transitions.filter((event) => event.painted - event.due > GOAL_GAP_MS);
  if (slow.length)
    console.log(
      `  swaps later than ${GOAL_GAP_MS} ms: ${slow
        .map((event) => {
          const longest = Math.max(
            0,
            ...result.frameTimes.map((time, i) =>
              i > 0 && time > event.due - GOAL_GAP_MS && time <= event.painted
                ? time - result.frameTimes[i - 1]
                : 0,
            ),
          );
          return `${event.kind} +${(event.painted - event.due).toFixed(0)} ms (page frame ${longest.toFixed(0)} ms)`;
        })
        .join(', ')}`,
    );
  const late = result.events.filter((event) => event.due !== null && event.prepared > event.due - 17);
  if (late.length)
    console.log(
      `  items not ready a frame before their due time: ${late.length} (${late.map((event) => `${event.kind} ${(event.prepared - event.due).toFixed(0)} ms`).join(', ')})`,
    );
  for (const time of composited.blackTimes.slice(0, 5)) {
    const at = time - result.timeOrigin;
    const near = result.events.filter((event) => Math.abs(event.frame - at) < 500);
    console.log(
      `    black composited frame at ${at.toFixed(0)} ms; items shown near it: ${near.map((event) => `${event.key} frame ${(event.frame - at).toFixed(0)} painted ${(event.painted - at).toFixed(0)}`).join(', ')}`,
    );
  }
  if (result.blackDetails.length)
    console.log(`    first: ${JSON.stringify(result.blackDetails.slice(0, 5))}`);
  const p99 = percentile(gaps, 0.99);
  const baseline = percentile(intervals, 0.99);
  console.log(`  gap p99 / frame interval p99: ${(p99 / baseline).toFixed(2)}`);
  const met = p99 <= GOAL_GAP_MS && result.black === 0 && composited.black === 0;
  console.log(`  goal gap p99 ≤ ${GOAL_GAP_MS} ms and no black frame: ${met ? 'met' : 'NOT met'}`);
  if (errors.length) console.log(`  page said: ${errors.slice(0, 5).join(' | ')}`);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  fs.rmSync(workDir, { recursive: true, force: true });
}

/** Builds the player when its preview page is missing or older than its sources. */
function buildPlayerIfStale() {
  const built = path.join(distDir, 'preview.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const newest = (dir) =>
    Math.max(
      0,
      ...fs.readdirSync(dir, { withFileTypes: true }).map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs;
      }),
    );
  const sources = Math.max(
    newest(path.join(playerDir, 'src')),
    fs.statSync(path.join(playerDir, 'preview.html')).mtimeMs,
  );
  if (builtAt > sources) return;
  const { status } = spawnSync('npm', ['run', 'build', '-w', 'apps/player'], {
    cwd: path.resolve(here, '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (status !== 0) throw new Error('the player did not build');
}

/** Test media with no black in it: solid colour images, videos of a colour turning round the hue wheel. */
function makeMedia(dir) {
  const ffmpeg = (args) => {
    const { status, stderr } = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
    if (status !== 0) throw new Error(`ffmpeg ${args.join(' ')}: ${stderr}`);
  };
  const images = ['0xe4572e', '0x29335c', '0xf3a712', '0x669bbc'].map((color, i) => {
    const name = `image-${i}.png`;
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `color=c=${color}:s=${WIDTH}x${HEIGHT}`,
      '-frames:v',
      '1',
      path.join(dir, name),
    ]);
    return name;
  });
  const videoSize = '640x360';
  const videos = ['0x2a9d8f', '0xe76f51', '0x8ab17d'].map((color, i) => {
    const name = `video-${i}.mp4`;
    ffmpeg([
      ...['-f', 'lavfi', '-i', `color=c=${color}:s=${videoSize}:r=30:d=2,hue=H=2*PI*t`],
      ...[
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-g',
        '30',
        '-movflags',
        '+faststart',
        path.join(dir, name),
      ],
    ]);
    return name;
  });
  return { images, videos, videoSize };
}

/** A playlist alternating the images (1 s) and videos (2 s), some with a fade. */
function playlist({ images, videos }) {
  const ref = (name, mime) => ({ hash: name, url: `/media/${name}`, mime, size: 1 });
  const items = [];
  for (let i = 0; i < 6; i++) {
    const imageName = images[i % images.length];
    const videoName = videos[i % videos.length];
    items.push({
      key: `i${i}`,
      content_id: i + 1,
      duration_ms: 1_000,
      transition: i === 3 ? 'fade' : 'none',
      kind: 'image',
      media: ref(imageName, 'image/png'),
      fit: 'cover',
    });
    items.push({
      key: `v${i}`,
      content_id: 100 + i,
      duration_ms: 2_000,
      transition: 'none',
      kind: 'video',
      media: ref(videoName, 'video/mp4'),
      fit: 'cover',
      muted: true,
    });
  }
  const zone = {
    key: 'main',
    x: 0,
    y: 0,
    width: WIDTH,
    height: HEIGHT,
    z: 0,
    background_color: '#000000',
    shuffle: false,
    items,
  };
  const duration_ms = items.reduce((sum, item) => sum + item.duration_ms, 0);
  return {
    kind: 'playlist',
    id: 1,
    name: 'bench',
    width: WIDTH,
    height: HEIGHT,
    background_color: '#000000',
    background: null,
    duration_ms,
    zones: [zone],
  };
}

/**
 * In the page, before it loads: the trace hook, and a rAF loop that records frame intervals and
 * checks on every frame that the zone shows a layer with something painted in it.
 */
function instrument() {
  const events = [];
  const intervals = [];
  const frameTimes = [];
  const blackDetails = [];
  let frames = 0;
  let black = 0;
  let last = 0;
  let started = false;
  // Videos whose frame the compositor has had (requestVideoFrameCallback fired): one shown before
  // that is drawn without a picture.
  const presented = new WeakSet();
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        for (const video of node.querySelectorAll?.('video') ?? [])
          video.requestVideoFrameCallback(() => presented.add(video));
  }).observe(document, { childList: true, subtree: true });
  /** Whether a shown layer has content: a decoded image, or a video whose frame is composited. */
  const painted = (layer) => {
    const video = layer.querySelector('video');
    if (video) return video.readyState >= 2 && presented.has(video);
    const image = layer.querySelector('img');
    return Boolean(image?.complete && image.naturalWidth > 0);
  };
  const loop = (time) => {
    if (last) intervals.push(time - last);
    frameTimes.push(time);
    last = time;
    const zone = document.querySelector('.render-zone');
    const stage = document.querySelector('.render-stage:not(.render-stage--waiting)');
    if (zone && stage) started = true;
    if (started) {
      frames++;
      const shown = [...(zone?.querySelectorAll('.render-layer--shown') ?? [])];
      if (!shown.some(painted)) {
        black++;
        if (blackDetails.length < 20)
          blackDetails.push({ time, layers: shown.map((layer) => layer.dataset.key) });
      }
    }
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  window.__vitrineRenderTrace = (event) => events.push(event);
  window.__bench = {
    result: () => ({
      events,
      intervals,
      frameTimes,
      frames,
      black,
      blackDetails,
      timeOrigin: performance.timeOrigin,
    }),
  };
}

/** Every composited frame the page sends (DevTools screencast), its centre checked for black. */
async function watchScreencast(page) {
  const session = await page.context().newCDPSession(page);
  let frames = 0;
  let black = 0;
  let started = false;
  const checks = [];
  const blackTimes = [];
  session.on('Page.screencastFrame', (frame) => {
    session.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {});
    checks.push(
      sharp(Buffer.from(frame.data, 'base64'))
        .extract({ left: 150, top: 80, width: 20, height: 20 })
        .raw()
        .toBuffer()
        .then((pixels) => {
          let sum = 0;
          for (const value of pixels) sum += value;
          const dark = sum / pixels.length < 12;
          // The page is black until the program first shows.
          if (!dark) started = true;
          if (!started) return;
          frames++;
          if (dark) {
            black++;
            blackTimes.push(frame.metadata.timestamp * 1000);
          }
        }),
    );
  });
  await session.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 60,
    maxWidth: 320,
    maxHeight: 180,
    everyNthFrame: 1,
  });
  return {
    async stop() {
      await session.send('Page.stopScreencast');
      await Promise.all(checks);
      return { frames, black, blackTimes };
    },
  };
}

/** A static file server: each prefix served from its folder, with ranges (videos seek with them). */
function serve(roots) {
  const types = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.png': 'image/png',
    '.mp4': 'video/mp4',
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const prefix = Object.keys(roots).find((candidate) => url.pathname.startsWith(candidate));
    const file = prefix && path.join(roots[prefix], path.normalize(url.pathname.slice(prefix.length)));
    if (!file?.startsWith(roots[prefix]) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    const size = fs.statSync(file).size;
    const headers = {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
    };
    const range = /bytes=(\d*)-(\d*)/.exec(request.headers.range ?? '');
    if (range) {
      const start = range[1] ? Number(range[1]) : size - Number(range[2]);
      const end = range[1] && range[2] ? Number(range[2]) : size - 1;
      response.writeHead(206, {
        ...headers,
        'content-range': `bytes ${start}-${end}/${size}`,
        'content-length': end - start + 1,
      });
      fs.createReadStream(file, { start, end }).pipe(response);
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': size });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        stop: () => new Promise((done) => server.close(done)),
      }),
    );
  });
}

/** The transitions, each with the kind of the item it replaced (events come in order, one zone). */
function outgoingOf(events) {
  return events
    .map((event, i) => ({ ...event, kind: events[i - 1]?.kind }))
    .filter((event) => event.due !== null && event.planned !== null && event.kind);
}

/** The figure of each event, grouped by the kind of item. */
function byItemKind(events, figure) {
  const groups = {};
  for (const event of events) {
    groups[event.kind] ??= [];
    groups[event.kind].push(figure(event));
  }
  return groups;
}

function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
function min(values) {
  return Math.min(...values);
}
function figures(values) {
  const ms = (value) => `${value.toFixed(2).padStart(6)} ms`;
  return `p50 ${ms(percentile(values, 0.5))}  p99 ${ms(percentile(values, 0.99))}  max ${ms(Math.max(...values))}`;
}
