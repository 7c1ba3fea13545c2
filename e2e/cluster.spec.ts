import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page, Route } from '@playwright/test';
import sharp from 'sharp';
import { DeviceStatus } from '../packages/contract/src/enums';
import { UPLOAD_CHUNK_SIZE } from '../packages/contract/src/limits';
import { baseUrl, expect, keepOpen, test } from './support';
import { type ClusterProcess, clusterProcesses } from './support/env';
import { addScreen, createOwner, logIn, openTab, person, shot, text, uploadContent } from './support/journey';
import { rendered } from './support/screens';

// A real cluster (npm run e2e:cluster; support/cluster-setup.ts starts it): PostgreSQL 15, two
// Vitrine processes each with its own DATA_DIR, s3rver (npm) as the media store, Debian's nginx in
// front as docs/scale-out.md configures it. Everything goes through nginx, as for a person: an
// owner uploads a video and a picture from the console, each part wherever nginx sends it (the
// two processes' logs show both took parts), and sees their thumbnails; a player page is paired
// and the video scheduled: the screen plays it. Then `kill -9` of the process that holds the
// screen's socket, while a second video is being uploaded: the screen's socket moves to the other
// process, the screen is never shown offline (its status read through the API all along), it
// plays on, and the upload completes with its thumbnail.

test.describe.configure({ mode: 'serial' });

const VIDEO = 'opening.mp4';
const SECOND_VIDEO = 'closing.mp4';
const IMAGE = 'poster.png';
const SCHEDULE = 'Cluster opening';
const PART_PATH = '/backend/manager/common/slice-upload';
/**
 * How long a screen may take to be back after its process died: its first try within a second
 * (the player's backoff), then nginx passes the refused connection on to the other process; the
 * rest is a busy machine's margin.
 */
const RECONNECT_MS = 10_000;

let dir: string;
const file = (name: string) => path.join(dir, name);
let owner: { email: string; password: string };
/** The owner's console. */
let desk: Page;
let screen: Page;
let deviceName: string;
/** The process (host:port) nginx handed each of the screen's sockets to, in order. */
const sockets: string[] = [];

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-cluster-journey-'));
  const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
  // A test pattern under moving noise: about 2 MB a second, so several 2 MiB parts (3 s: 3, 2 s: 2).
  const video = (seconds: number, name: string) =>
    ffmpeg(
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25,noise=alls=20:allf=t', '-t', String(seconds)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '28', '-pix_fmt', 'yuv420p', file(name)],
    );
  video(3, VIDEO);
  video(2, SECOND_VIDEO);
  await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 30, g: 140, b: 220 } } })
    .png()
    .toFile(file(IMAGE));
});

test.afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Records which process nginx gave each socket of the screen (its X-Upstream answer header). */
async function followSockets(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  devtools.on('Network.webSocketHandshakeResponseReceived', ({ response }) => {
    const upstream = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'x-upstream');
    // After a refused try, nginx names every upstream it tried: the last one answered.
    if (response.status === 101 && upstream) sockets.push(upstream[1].split(', ').at(-1) ?? '');
  });
}

const hostOf = (server: ClusterProcess) => new URL(server.url).host;

/** How many parts of the uploads `uploadIds` each process's log says it took (answered 200). */
function partsByProcess(uploadIds: ReadonlySet<string>): number[] {
  return clusterProcesses().map((server) => {
    let parts = 0;
    for (const line of fs.readFileSync(server.log, 'utf8').split('\n')) {
      // A request's line (pino's JSON); the last one may still be half written.
      if (!line.includes(PART_PATH) || !line.endsWith('}')) continue;
      const entry = JSON.parse(line) as { msg?: string; req?: { url: string }; res?: { statusCode: number } };
      const url = new URL(entry.req?.url ?? '/', 'http://vitrine');
      if (
        entry.msg === 'request completed' &&
        url.pathname === PART_PATH &&
        entry.res?.statusCode === 200 &&
        uploadIds.has(url.searchParams.get('upload_id') ?? '')
      )
        parts++;
    }
    return parts;
  });
}

/** Where the screen's video is, in seconds; -1 while it is paused. */
const videoAt = () =>
  screen
    .locator('.render-layer--shown video')
    .evaluate((video: HTMLVideoElement) => (video.paused ? -1 : video.currentTime));

/** The screen's video plays: it is not paused, and it has moved since it was first read. */
async function playsOn() {
  const first = await videoAt().catch(() => -1);
  await expect
    .poll(
      async () => {
        const now = await videoAt();
        return now >= 0 && now !== first;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * Reads the device's status through the load balancer, as the console's device list does, every
 * quarter second until stopped; answers what each reading said and how many got no answer.
 */
async function watchStatus(name: string) {
  const login = await fetch(`${baseUrl()}/backend/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...owner, accept_terms: true }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const headers = { Authorization: `Bearer ${data.token}` };
  const statuses: number[] = [];
  let unanswered = 0;
  let watching = true;
  const watch = (async () => {
    while (watching) {
      try {
        const answer = await fetch(
          `${baseUrl()}/backend/manager/device?keyword=${encodeURIComponent(name)}`,
          {
            headers,
          },
        );
        const body = (await answer.json()) as { data: { list: { status: number }[] } };
        statuses.push(body.data.list[0].status);
      } catch {
        unanswered++;
      }
      await sleep(250);
    }
  })();
  return async () => {
    watching = false;
    await watch;
    return { statuses, unanswered };
  };
}

/** Whether a process answers its health check (on its own address, not through nginx). */
const answers = (server: ClusterProcess) =>
  fetch(`${server.url}/backend/health`, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.ok,
    () => false,
  );

// ── The journey ─────────────────────────────────────────────────────────────────────────────

test('through nginx: a video and a picture upload in parts to both processes, get thumbnails; the screen plays the video', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  owner = await createOwner(request, 'cluster');
  desk = await person(browser);
  keepOpen(desk.context());
  await logIn(desk, owner);
  deviceName = `Cluster lobby ${Date.now().toString(36)}`;
  screen = await addScreen(desk, browser, deviceName, '', undefined, { prepare: followSockets });
  keepOpen(screen.context());
  expect(sockets.length).toBeGreaterThan(0);

  // Each part goes wherever nginx sends it: the processes' own logs show both took some.
  const uploadIds = new Set<string>();
  desk.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === PART_PATH) uploadIds.add(url.searchParams.get('upload_id') ?? '');
  });
  await uploadContent(desk, 'video', [file(VIDEO)]);
  await shot(desk, 'cluster', '1-video-thumbnail');
  await uploadContent(desk, 'image', [file(IMAGE)]);
  const parts = Math.ceil(fs.statSync(file(VIDEO)).size / UPLOAD_CHUNK_SIZE) + 1;
  await expect.poll(() => partsByProcess(uploadIds).reduce((sum, count) => sum + count, 0)).toBe(parts);
  const split = partsByProcess(uploadIds);
  console.log(
    `  ${parts} parts (the video's and the picture's), taken by the processes: ${split.join(' and ')}`,
  );
  expect(
    split.every((count) => count > 0),
    `parts by process: ${split.join(', ')}`,
  ).toBe(true);

  // The video, scheduled from the wizard and approved at once, plays on the screen.
  await desk.goto('/schedule/add');
  await desk.locator('#scheduleType').getByText('Standard', { exact: true }).click();
  await desk.locator('#scheduleNext').click();
  await desk.getByRole('checkbox', { name: `Select ${deviceName}` }).check();
  await desk.locator('#scheduleNext').click();
  await openTab(desk, text('en', 'playlist:tab.video'));
  await desk.getByRole('checkbox', { name: `Select ${VIDEO}` }).check();
  await desk.locator('#scheduleNext').click();
  await expect(desk.locator('#scheduleOrder')).toContainText(VIDEO);
  await desk.locator('#scheduleNext').click();
  await expect(desk.getByTestId('schedule-first-play')).toHaveText('Plays now');
  await desk.locator('#scheduleNext').click();
  await desk.locator('#scheduleName').fill(SCHEDULE);
  await desk.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(
    desk.getByText('Scheduling successful! The schedule is live on the chosen screens.'),
  ).toBeVisible();
  await rendered(screen, 1);
  await playsOn();
  await shot(screen, 'cluster', '2-screen-plays');
});

test('kill -9 of the process holding the screen, mid-upload: the socket moves, never offline, the upload completes', async () => {
  test.setTimeout(120_000);
  const processes = clusterProcesses();
  const victim = processes.find((server) => hostOf(server) === sockets.at(-1));
  const survivor = processes.find((server) => server !== victim);
  if (!victim || !survivor)
    throw new Error(`the screen's socket is on ${sockets.at(-1)}, none of ${processes.map(hostOf)}`);

  // A second video starts: its parts wait in the browser until the process has died.
  const held: Route[] = [];
  let holding = true;
  await desk.route(
    (url) => url.pathname === PART_PATH,
    (route) => (holding ? held.push(route) : route.continue()),
  );
  await desk.goto('/content/video');
  await desk.locator('input[type="file"]').setInputFiles(file(SECOND_VIDEO));
  await expect.poll(() => held.length).toBeGreaterThan(0);

  // The screen's own status: each time it leaves "connected" and comes back.
  const program = screen.locator('.screen.program');
  await expect(program).toHaveAttribute('data-status', 'connected');
  await program.evaluate((element) => {
    const seen = element as HTMLElement & { away?: number[][] };
    seen.away = [];
    new MutationObserver(() => {
      const now = Date.now();
      const last = seen.away?.at(-1);
      if (seen.dataset.status !== 'connected' && (!last || last.length === 2)) seen.away?.push([now]);
      if (seen.dataset.status === 'connected' && last?.length === 1) last.push(now);
    }).observe(element, { attributes: true, attributeFilter: ['data-status'] });
  });
  const stopWatching = await watchStatus(deviceName);
  const socketsBefore = sockets.length;

  process.kill(-victim.pid, 'SIGKILL');
  await expect.poll(() => answers(victim)).toBe(false);
  holding = false;
  for (const route of held.splice(0)) await route.continue();

  // The screen's next socket is on the other process; it is connected again and plays on.
  await expect.poll(() => sockets.slice(socketsBefore), { timeout: 30_000 }).toContain(hostOf(survivor));
  await expect(program).toHaveAttribute('data-status', 'connected');
  await playsOn();

  // The second video is uploaded (its last parts and finish on the survivor) and gets its thumbnail.
  const panel = desk.getByRole('region', { name: 'Uploads' });
  await expect(
    panel.locator('.upload-row').filter({ hasText: SECOND_VIDEO }).getByText('Uploaded'),
  ).toBeVisible({
    timeout: 30_000,
  });
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(
    desk.locator('.content-card').filter({ hasText: SECOND_VIDEO }).locator('img.content-thumb__image'),
  ).toBeVisible({ timeout: 30_000 });

  // Never offline: not in any reading of its status, and the screen was away no longer than a reconnect.
  const { statuses, unanswered } = await stopWatching();
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.filter((status) => status !== DeviceStatus.online)).toEqual([]);
  const away = await program.evaluate((element) => (element as HTMLElement & { away: number[][] }).away);
  const longest = Math.max(0, ...away.map(([from, to]) => (to ?? Date.now()) - from));
  console.log(
    `  kill -9 of ${hostOf(victim)}: the screen's socket moved to ${hostOf(survivor)}, away from "connected" ${longest} ms at most; ${statuses.length} readings of its status, none offline (${unanswered} unanswered)`,
  );
  expect(longest).toBeLessThanOrEqual(RECONNECT_MS);

  await desk.goto('/device/list');
  await expect(desk.getByRole('row').filter({ hasText: deviceName }).getByText('Online')).toBeVisible();
  await shot(desk, 'cluster', '3-device-online-after-kill');
  await shot(screen, 'cluster', '4-screen-after-kill');
  await screen.context().close();
  await desk.context().close();
});
