import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { baseUrl, expect, test } from './support';
import { createOwner, shot } from './support/journey';
import { rendered } from './support/screens';

// A screen plays the HLS stream the console previews. The stream is a few segments ffmpeg makes,
// served by this journey on 127.0.0.1 (which global setup lets the server reach). The screen is a
// player page in a Chromium that, like most signage browsers, cannot play HLS itself (this
// Chromium could: the page is told it cannot), so the player plays it through hls.js, and goes on
// past a stream whose playlist is missing.

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
const HLS_MIME = /mpegurl/i;
const SCREEN = { width: 960, height: 540 };

let dir: string;
let site: { url: string; requests: string[]; close: () => Promise<void> };

/** The stream on 127.0.0.1, readable from any origin; records the paths asked for. */
async function serveStream(root: string): Promise<typeof site> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    requests.push(pathname);
    const full = path.join(root, pathname);
    if (!full.startsWith(root) || !fs.existsSync(full) || fs.statSync(full).isDirectory()) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end();
      return;
    }
    const type = full.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
    response.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' });
    fs.createReadStream(full).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-streams-'));
  // A 6 s playlist of 2 s segments, bright enough to tell from a black screen.
  fs.mkdirSync(path.join(dir, 'hls'));
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-t', '6', '-c:v', 'libx264'],
    ...['-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25', '-f', 'hls', '-hls_time', '2'],
    ...['-hls_list_size', '0', '-hls_playlist_type', 'vod', path.join(dir, 'hls/index.m3u8')],
  );
  site = await serveStream(dir);
});

test.afterAll(async () => {
  await site?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Logs in through the API; calls with the session's token. */
async function caller(http: APIRequestContext, account: { email: string; password: string }) {
  const answer = await (
    await http.post('/backend/account/login', { data: { ...account, accept_terms: true } })
  ).json();
  expect(answer.code).toBe(220000);
  const headers = { Authorization: `Bearer ${answer.data.token}` };
  const call = async (method: 'post' | 'put', url: string, data: unknown) => {
    const body = await (await http[method](`/backend${url}`, { headers, data })).json();
    expect(body, `${method} ${url}`).toMatchObject({ code: 220000 });
    return body.data;
  };
  return { groupId: answer.data.info.group_id as number, call };
}

test('a screen without native HLS plays the stream through hls.js, past a missing one', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await createOwner(request, 'streams');
  const http = await playwrightRequest.newContext({ baseURL: baseUrl() });
  const { groupId, call } = await caller(http, owner);
  const stream = await call('post', '/manager/resource/stream', {
    name: 'Lobby camera',
    link: `${site.url}/hls/index.m3u8`,
  });
  const missing = await call('post', '/manager/resource/stream', {
    name: 'Old camera',
    link: `${site.url}/gone/index.m3u8`,
  });
  const playlist = await call('post', '/manager/playlist', {
    name: 'Cameras',
    items: [
      { content_id: missing.id, duration: 20 },
      { content_id: stream.id, duration: 20 },
    ],
  });

  const context = await browser.newContext({ baseURL: baseUrl(), viewport: SCREEN });
  // The screen's browser cannot play HLS itself, as Chromium without its own HLS player.
  await context.addInitScript((mime) => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return new RegExp(mime, 'i').test(type) ? '' : canPlayType.call(this, type);
    };
  }, HLS_MIME.source);
  const screen = await context.newPage();
  await screen.goto('/player/');
  const signageId = (await screen.locator('.signage-id').textContent())?.trim() ?? '';
  const pin = (await screen.locator('.pin').textContent())?.trim() ?? '';
  expect(pin).toMatch(/^\d{6}$/);
  const device = await call('post', '/manager/device', {
    signage_id: signageId,
    device_name: 'Lobby screen',
    group_id: groupId,
    authentication: pin,
  });
  await call('put', `/manager/device/${device.device_id}`, {
    device_name: 'Lobby screen',
    default_program: { kind: 'playlist', id: playlist.id },
  });

  // The missing stream is asked for and skipped; the other plays from hls.js's media source.
  await rendered(screen, 1);
  const video = screen.locator('.render-layer--shown video');
  await expect(video).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => site.requests.includes('/gone/index.m3u8')).toBe(true);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.src)).toMatch(/^blob:/);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
  expect(site.requests.some((request) => /^\/hls\/index\d+\.ts$/.test(request))).toBe(true);
  await shot(screen, 'streams', '01-player-hls');
  await context.close();
  await http.dispose();
});
