import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type PlayerState, ResultCode, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startupMedia, uploads } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { sentThrough } from '../../test/chunked-upload';
import { buildDevice } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { bmp, png, sha256 } from '../../test/media-files';
import { buildModel } from '../../test/ota-factories';
import { buildMember, buildTenant, callAs } from '../../test/team-factories';
import { mediaPath } from '../media';

// Startup media through the real routes: the chunked upload, each rule of spec 001 §5 judged from
// the file (videos made with ffmpeg, bitmaps written here), the logo turned into a PNG, the
// company's and the model's (which wins) in the player's state, clearing, and who may do what.

type Call = (options: InjectOptions) => Promise<LightMyRequestResponse>;

const run = promisify(execFile);
const hasFfmpeg = await run('ffmpeg', ['-version']).then(
  () => true,
  () => false,
);
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-startup-'));
afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

/** One second of a plain colour, encoded once per size, rate, codec and container. */
const seconds = new Map<string, Promise<string>>();
function oneSecond(size: string, rate: number, codec: string, extension: string) {
  const key = `${size}-${rate}-${codec}${extension}`;
  let made = seconds.get(key);
  if (!made) {
    const file = path.join(fixtures, `second-${key}`);
    const encoder =
      codec === 'libx264' ? ['-c:v', codec, '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'] : ['-c:v', codec];
    made = run('ffmpeg', [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `color=c=0x1d4ed8:s=${size}:r=${rate}:d=1`],
      ...encoder,
      file,
    ]).then(() => file);
    seconds.set(key, made);
  }
  return made;
}

/**
 * A plain-coloured H.264 (or other codec) video made by ffmpeg: one second encoded, then repeated
 * without encoding again (a 1080P encode of every second took most of this file's time).
 */
async function video(name: string, { size = '1920x1080', rate = 25, seconds = 9, codec = 'libx264' } = {}) {
  const file = path.join(fixtures, name);
  const second = await oneSecond(size, rate, codec, path.extname(name));
  await run('ffmpeg', [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
    ...['-stream_loop', String(seconds - 1), '-i', second, '-c', 'copy'],
    file,
  ]);
  return fs.promises.readFile(file);
}

const BASE = '/backend/manager/startup';
let app: FastifyInstance;
let system: Call;

async function envelope(call: Call, method: InjectOptions['method'], url: string, payload?: object) {
  const response = await call({ method, url, payload });
  return { status: response.statusCode, ...response.json() };
}

/** Sends a file through the startup upload; answers the upload's id. */
const sent = (call: Call, bytes: Buffer, name: string) => sentThrough(call, BASE, bytes, name);

/** Uploads a file and sets it as `kind` (of the company, or of the model at `url`). */
async function setFile(call: Call, kind: 'video' | 'logo', bytes: Buffer, name: string, url = BASE) {
  const uploadId = await sent(call, bytes, name);
  return envelope(call, 'PUT', url, { kind, upload_id: uploadId });
}

async function playerState(token: string): Promise<PlayerState> {
  const response = await app.inject({ method: 'POST', url: '/backend/player/hello', payload: { token } });
  return response.json().data;
}

async function mediaBytes(url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

const logo = (options: Partial<Parameters<typeof bmp>[0]> = {}) =>
  bmp({ width: 1920, height: 1080, pixel: (x) => (x < 960 ? [200, 30, 30] : [20, 40, 220]), ...options });

async function company() {
  const tenant = await buildTenant(app);
  const owner = await callAs(app, tenant.owner);
  return { ...tenant, call: owner };
}

beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
});

describe('the startup logo', () => {
  it('keeps a 1080P 24-bit BMP and gives players a PNG of the same pixels', async () => {
    const { call } = await company();
    const bytes = logo();
    const saved = await setFile(call, 'logo', bytes, 'welcome.bmp');
    expect(saved.code, JSON.stringify(saved)).toBe(ResultCode.success);
    expect(saved.data.video).toBeNull();
    expect(saved.data.logo).toMatchObject({
      file_name: 'welcome.bmp',
      size: bytes.length,
      width: 1920,
      height: 1080,
    });
    expect(saved.data.logo.duration).toBeNull();
    // The BMP is kept as sent; players get the PNG.
    expect(fs.existsSync(mediaPath(app.config.dataDir, sha256(bytes)))).toBe(true);
    const image = sharp(await mediaBytes(saved.data.logo.url));
    expect(await image.metadata()).toMatchObject({ format: 'png', width: 1920, height: 1080 });
    const { data } = await image.raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([200, 30, 30]);
    expect([...data.subarray(data.length - 3)]).toEqual([20, 40, 220]);
    expect((await envelope(call, 'GET', BASE)).data).toEqual(saved.data);
  });

  it('keeps a 16-bit RGB565 BMP, portrait too', async () => {
    const { call } = await company();
    const saved = await setFile(call, 'logo', logo({ width: 1080, height: 1920, bits: 16 }), 'upright.bmp');
    expect(saved.code, JSON.stringify(saved)).toBe(ResultCode.success);
    expect(saved.data.logo).toMatchObject({ width: 1080, height: 1920 });
  });

  it.each([
    ['a PNG', () => png(1920, 1080), 'startup.logo.format', 'The startup logo must be a BMP file.'],
    [
      'a 1280 × 720 BMP',
      async () => logo({ width: 1280, height: 720 }),
      'startup.logo.size',
      'The startup logo must be 1080P (1920 × 1080 or 1080 × 1920); this one is 1280 × 720.',
    ],
    [
      'a 4K BMP',
      async () => logo({ width: 3840, height: 2160 }),
      'startup.logo.size',
      'The startup logo must be 1080P (1920 × 1080 or 1080 × 1920); this one is 3840 × 2160.',
    ],
    [
      'a 16-bit RGB555 BMP',
      async () => logo({ bits: 16, rgb565: false }),
      'startup.logo.depth',
      'The startup logo must be a 16-bit RGB565 or 24-bit RGB888 BMP.',
    ],
    [
      'a 32-bit BMP',
      async () => logo({ bits: 32 }),
      'startup.logo.depth',
      'The startup logo must be a 16-bit RGB565 or 24-bit RGB888 BMP.',
    ],
  ])('refuses %s, naming the rule, and keeps nothing of it', async (_name, make, _key, message) => {
    const { call, company: owned } = await company();
    const bytes = await make();
    const refused = await setFile(call, 'logo', bytes, 'logo.bmp');
    expect(refused).toMatchObject({
      status: 400,
      code: ResultCode.validation,
      msg: message,
      data: { field: 'upload_id' },
    });
    expect(await app.db.select().from(startupMedia).where(eq(startupMedia.companyId, owned.id))).toEqual([]);
    expect(
      await app.db
        .select()
        .from(uploads)
        .where(eq(uploads.hash, sha256(bytes))),
    ).toEqual([]);
    expect(fs.existsSync(mediaPath(app.config.dataDir, sha256(bytes)))).toBe(false);
  });
});

describe.skipIf(!hasFfmpeg)('the startup video', () => {
  it('keeps a 1080P H.264 MP4 under 30 FPS of 8 to 10 seconds, served as it is', async () => {
    const { call } = await company();
    const bytes = await video('good.mp4');
    const saved = await setFile(call, 'video', bytes, 'intro.mp4');
    expect(saved.code, JSON.stringify(saved)).toBe(ResultCode.success);
    expect(saved.data.video).toMatchObject({
      url: `/backend/media/${sha256(bytes)}`,
      file_name: 'intro.mp4',
      width: 1920,
      height: 1080,
      frame_rate: 25,
    });
    expect(saved.data.video.duration).toBeCloseTo(9, 1);
    expect((await mediaBytes(saved.data.video.url)).equals(bytes)).toBe(true);
  });

  it.each([
    [
      '12 seconds long',
      () => video('long.mp4', { seconds: 12 }),
      'The startup video must last 8 to 10 seconds; this one lasts 12 seconds.',
    ],
    [
      '7 seconds long',
      () => video('short.mp4', { seconds: 7 }),
      'The startup video must last 8 to 10 seconds; this one lasts 7 seconds.',
    ],
    [
      'at 30 FPS',
      () => video('fast.mp4', { rate: 30 }),
      'The startup video must be under 30 FPS; this one has 30 FPS.',
    ],
    [
      '720P',
      () => video('small.mp4', { size: '1280x720', seconds: 1 }),
      'The startup video must be 1080P (1920 × 1080 or 1080 × 1920); this one is 1280 × 720.',
    ],
    [
      'MPEG-4 Part 2 rather than H.264',
      () => video('part2.mp4', { seconds: 1, size: '320x240', codec: 'mpeg4' }),
      'The startup video must be an MP4 file encoded in H.264.',
    ],
    [
      'WebM',
      () => video('clip.webm', { seconds: 1, size: '320x240', codec: 'libvpx' }),
      'The startup video must be an MP4 file encoded in H.264.',
    ],
    [
      'a bitmap',
      async () => logo({ pixel: () => [3, 4, 5] }),
      'The startup video must be an MP4 file encoded in H.264.',
    ],
  ])('refuses a video %s, naming the rule', async (_name, make, message) => {
    const { call, company: owned } = await company();
    const bytes = await make();
    const refused = await setFile(call, 'video', bytes, 'intro.mp4');
    expect(refused).toMatchObject({ status: 400, code: ResultCode.validation, msg: message });
    expect(await app.db.select().from(startupMedia).where(eq(startupMedia.companyId, owned.id))).toEqual([]);
    expect(fs.existsSync(mediaPath(app.config.dataDir, sha256(bytes)))).toBe(false);
  });

  it("answers in the caller's language", async () => {
    const { call } = await company();
    const german: Call = (options) =>
      call({ ...options, headers: { ...options.headers, 'accept-language': 'de' } });
    const refused = await setFile(german, 'video', await video('long-de.mp4', { seconds: 11 }), 'intro.mp4');
    expect(refused.msg).toBe('Das Startvideo muss 8 bis 10 Sekunden lang sein; dieses dauert 11 Sekunden.');
  });
});

describe('what a screen is given', () => {
  it("shows its company's, unless its model has its own; replacing and clearing remove the old files", async () => {
    const { call, root } = await company();
    const name = `Kiosk ${Math.random().toString(36).slice(2, 8)}`;
    const modelId = await buildModel(app, name);
    const plain = await buildDevice(app, root, 'Lobby');
    const kiosk = await buildDevice(app, root, 'Kiosk', { modelId });

    const first = logo({ pixel: () => [10, 10, 10] });
    const companyLogo = (await setFile(call, 'logo', first, 'first.bmp')).data.logo.url as string;
    expect((await playerState(plain.token)).startup).toEqual({ logo: companyLogo, video: null });
    expect((await playerState(kiosk.token)).startup).toEqual({ logo: companyLogo, video: null });

    const modelUrl = `/backend/manager/device-model/${modelId}/startup`;
    const modelSet = await setFile(system, 'logo', logo({ pixel: () => [0, 200, 0] }), 'kiosk.bmp', modelUrl);
    expect(modelSet.code, JSON.stringify(modelSet)).toBe(ResultCode.success);
    expect((await envelope(system, 'GET', modelUrl)).data).toEqual(modelSet.data);
    expect((await playerState(kiosk.token)).startup.logo).toBe(modelSet.data.logo.url);
    expect((await playerState(plain.token)).startup.logo).toBe(companyLogo);

    // Replaced: the first bitmap and its PNG are no longer kept.
    const second = await setFile(call, 'logo', logo({ pixel: () => [90, 90, 90] }), 'second.bmp');
    expect((await playerState(plain.token)).startup.logo).toBe(second.data.logo.url);
    expect(fs.existsSync(mediaPath(app.config.dataDir, sha256(first)))).toBe(false);
    expect(fs.existsSync(mediaPath(app.config.dataDir, companyLogo.split('/').pop() as string))).toBe(false);

    const cleared = await envelope(call, 'PUT', BASE, { kind: 'logo', upload_id: null });
    expect(cleared.data).toEqual({ video: null, logo: null });
    expect((await playerState(plain.token)).startup).toEqual({ logo: null, video: null });
    expect((await playerState(kiosk.token)).startup.logo).toBe(modelSet.data.logo.url);
  });

  it('tells the screens concerned that their state changed', async () => {
    const { call, root } = await company();
    const screen = await buildDevice(app, root, 'Hall');
    const told: number[] = [];
    const stop = app.bus.on((event) => {
      if (event.type === 'devices-changed') told.push(...event.deviceIds);
    });
    try {
      await setFile(call, 'logo', logo(), 'hall.bmp');
      await expect.poll(() => told).toContain(screen.row.id);
    } finally {
      stop();
    }
  });
});

describe('who may set them', () => {
  it('lets members read their company’s but only the owner change them', async () => {
    const { call, root } = await company();
    await setFile(call, 'logo', logo(), 'logo.bmp');
    for (const role of [Role.userAdmin, Role.user]) {
      const member = await callAs(app, await buildMember(app, root, role));
      expect((await envelope(member, 'GET', BASE)).data.logo).not.toBeNull();
      expect((await envelope(member, 'PUT', BASE, { kind: 'logo', upload_id: null })).code).toBe(
        ResultCode.permission,
      );
      const bytes = logo({ pixel: () => [1, 2, 3] });
      const init = await envelope(member, 'POST', `${BASE}/slice-upload-init`, {
        hash: sha256(bytes),
        size: bytes.length,
        name: 'x.bmp',
      });
      expect(init.code).toBe(ResultCode.permission);
    }
  });

  it("keeps each company's to itself: another's upload is not found", async () => {
    const mine = await company();
    const theirs = await company();
    const uploadId = await sent(theirs.call, logo({ pixel: () => [5, 5, 5] }), 'theirs.bmp');
    const refused = await envelope(mine.call, 'PUT', BASE, { kind: 'logo', upload_id: uploadId });
    expect(refused.code).toBe(ResultCode.notFound);
    expect((await envelope(theirs.call, 'PUT', BASE, { kind: 'logo', upload_id: uploadId })).code).toBe(
      ResultCode.success,
    );
    expect((await envelope(mine.call, 'GET', BASE)).data.logo).toBeNull();
  });

  it('keeps models to the platform, and a model that does not exist is not found', async () => {
    const { call } = await company();
    const modelId = await buildModel(app, `Wall ${Math.random().toString(36).slice(2, 8)}`);
    const url = `/backend/manager/device-model/${modelId}/startup`;
    expect((await envelope(call, 'GET', url)).code).toBe(ResultCode.permission);
    expect((await envelope(call, 'PUT', url, { kind: 'logo', upload_id: null })).code).toBe(
      ResultCode.permission,
    );
    expect((await envelope(system, 'GET', '/backend/manager/device-model/999999/startup')).code).toBe(
      ResultCode.notFound,
    );
    expect(
      (
        await envelope(system, 'PUT', '/backend/manager/device-model/999999/startup', {
          kind: 'logo',
          upload_id: null,
        })
      ).code,
    ).toBe(ResultCode.notFound);
    // The platform has no company of its own.
    expect((await envelope(system, 'GET', BASE)).code).toBe(ResultCode.permission);
  });

  it('refuses a kind it does not know', async () => {
    const { call } = await company();
    const refused = await envelope(call, 'PUT', BASE, { kind: 'music', upload_id: null });
    expect(refused).toMatchObject({ status: 400, code: ResultCode.validation });
  });
});

/** Whether the media store still holds the file at a media URL (or of a hash). */
const stored = (urlOrHash: string) =>
  fs.existsSync(mediaPath(app.config.dataDir, urlOrHash.split('/').pop() as string));

describe('a deleted owner', () => {
  it('a model takes its startup media and their files with it', async () => {
    const modelId = await buildModel(app, `Gone ${Math.random().toString(36).slice(2, 8)}`);
    const url = `/backend/manager/device-model/${modelId}/startup`;
    const bytes = logo({ pixel: () => [7, 7, 7] });
    const saved = await setFile(system, 'logo', bytes, 'gone.bmp', url);
    expect(saved.code, JSON.stringify(saved)).toBe(ResultCode.success);
    expect(stored(sha256(bytes)) && stored(saved.data.logo.url)).toBe(true);
    expect((await envelope(system, 'DELETE', '/backend/manager/device-model', { ids: [modelId] })).code).toBe(
      ResultCode.success,
    );
    expect(await app.db.select().from(startupMedia).where(eq(startupMedia.modelId, modelId))).toEqual([]);
    // The BMP as sent and the PNG players were given.
    expect(stored(sha256(bytes))).toBe(false);
    expect(stored(saved.data.logo.url)).toBe(false);
  });

  it('a company takes its files with it, but not the same bytes another company keeps', async () => {
    const gone = await company();
    const kept = await company();
    const shared = logo({ pixel: () => [9, 90, 9] });
    const own = logo({ pixel: () => [90, 9, 9] });
    expect((await setFile(gone.call, 'logo', own, 'own.bmp')).code).toBe(ResultCode.success);
    const both = await setFile(kept.call, 'logo', shared, 'shared.bmp');
    expect(both.code, JSON.stringify(both)).toBe(ResultCode.success);
    const goneLogo = (await envelope(gone.call, 'GET', BASE)).data.logo.url;
    expect(stored(sha256(own)) && stored(goneLogo)).toBe(true);

    const deleted = await envelope(system, 'DELETE', `/backend/manager/account/group/${gone.company.id}`);
    expect(deleted.code, JSON.stringify(deleted)).toBe(ResultCode.success);
    expect(
      await app.db.select().from(startupMedia).where(eq(startupMedia.companyId, gone.company.id)),
    ).toEqual([]);
    expect(stored(sha256(own))).toBe(false);
    expect(stored(goneLogo)).toBe(false);
    expect(stored(sha256(shared))).toBe(true);
    expect(stored(both.data.logo.url)).toBe(true);
  });
});
