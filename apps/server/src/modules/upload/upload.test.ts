import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_ROLE_PERMISSIONS,
  ResultCode,
  Role,
  STORAGE_PER_DEVICE_BYTES,
  STORAGE_SHARED_BYTES,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_SIZE_1GB,
  UPLOAD_SIZE_100MB,
} from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentFolders, contents, jobs, uploads, workspaces } from '../../db/schema';
import { setClockOffset } from '../../platform/clock';
import { buildStoreInstances, buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { as, buildUser, loggedIn, loginAs } from '../../test/factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { docx, elf, mp4, pdf, png, pngBomb, sha256, windowsExecutable } from '../../test/media-files';
import { buildWorkspace } from '../../test/team-factories';
import { defaultFolderId } from '../content';
import { mediaKey, mediaPath, uploadPath } from '../media';
import { sweepExpiredUploads, UPLOAD_EXPIRY_MS } from './upload';

// The chunked upload through the real routes: check → init → parts → finish, every refusal the
// spec names (each leaving nothing behind: no row, no file), resuming, instant upload, quota, sweep.

type Call = (options: InjectOptions) => Promise<LightMyRequestResponse>;
type Uploader = { call: Call; companyId: number; workspaceId: number; userId: number };

let app: FastifyInstance;
/** Rows a refused request may touch without that being a change: sessions and logins. */
const AUDIT = ['sessions', 'users', 'login_history', 'jobs'];

beforeAll(async () => {
  app = await buildTestApp();
});

/** An owner of a new company, with the workspace's default folder already made. */
async function owner(): Promise<Uploader> {
  const { user, call } = await loggedIn(app);
  const companyId = user.companyId as number;
  const workspaceId = user.workspaceId as number;
  await defaultFolderId(app.db, companyId, workspaceId);
  return { call, companyId, workspaceId, userId: user.id };
}

async function post(call: Call, name: string, payload: object) {
  const response = await call({ method: 'POST', url: `/backend/manager/common/${name}`, payload });
  return { status: response.statusCode, ...response.json() };
}

async function sendPart(call: Call, uploadId: string, index: number, bytes: Uint8Array) {
  const response = await call({
    method: 'POST',
    url: `/backend/manager/common/slice-upload?upload_id=${uploadId}&index=${index}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: Buffer.from(bytes),
  });
  return { status: response.statusCode, ...response.json() };
}

const partOf = (bytes: Buffer, index: number) =>
  bytes.subarray(index * UPLOAD_CHUNK_SIZE, (index + 1) * UPLOAD_CHUNK_SIZE);

async function init(call: Call, bytes: Buffer, name: string, extra: object = {}) {
  return post(call, 'slice-upload-init', { hash: sha256(bytes), size: bytes.length, name, ...extra });
}

/** The whole protocol; answers finish's envelope and the upload's id. */
async function upload(call: Call, bytes: Buffer, name: string, extra: object = {}) {
  const started = await init(call, bytes, name, extra);
  expect(started.code, JSON.stringify(started)).toBe(220000);
  const uploadId: string = started.data.upload_id;
  for (let index = 0; index < started.data.part_count; index++) {
    const part = await sendPart(call, uploadId, index, partOf(bytes, index));
    expect(part.code, JSON.stringify(part)).toBe(220000);
  }
  return { uploadId, ...(await post(call, 'slice-upload-finish', { upload_id: uploadId })) };
}

const fingerprint = () => databaseFingerprint(app.db, AUDIT);
const partFiles = () => {
  const dir = path.join(app.config.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const stored = (bytes: Buffer) => fs.existsSync(mediaPath(app.config.dataDir, sha256(bytes)));

/** A refused upload left nothing: the database as before its init, no part file, no stored file. */
async function expectNothingLeft(before: string, uploadId: string | null, bytes: Buffer) {
  expect(await fingerprint()).toBe(before);
  if (uploadId) expect(fs.existsSync(uploadPath(app.config.dataDir, uploadId))).toBe(false);
  expect(stored(bytes)).toBe(false);
}

describe('a whole upload', () => {
  it('makes a user’s upload wait for approval while the company’s approval is on (spec 001 §4)', async () => {
    const me = await owner();
    const user = await buildUser(app, {
      role: Role.user,
      companyId: me.companyId,
      workspaceId: me.workspaceId,
    });
    const asUser = as(app, await loginAs(app, user.email));
    const finished = await upload(asUser, await png(32, 24), 'waiting.png');
    expect(finished.data).toMatchObject({ uploader_id: user.id, approval_state: 'pending' });
    const own = await upload(me.call, await png(24, 32), 'mine.png');
    expect(own.data.approval_state).toBe('approved');
  });

  it('stores the file by hash, makes the content row in the default folder and drops the upload', async () => {
    const me = await owner();
    const bytes = await png(64, 48);
    const finished = await upload(me.call, bytes, 'logo.png');
    expect(finished.code, JSON.stringify(finished)).toBe(220000);
    const hash = sha256(bytes);
    const [folder] = await app.db
      .select()
      .from(contentFolders)
      .where(eq(contentFolders.workspaceId, me.workspaceId));
    expect(finished.data).toMatchObject({
      name: 'logo.png',
      type: 1,
      folder_id: folder.id,
      size: bytes.length,
      width: 64,
      height: 48,
      mime: 'image/png',
      hash,
      url: `/backend/media/${hash}`,
      uploader_id: me.userId,
      deleted_at: null,
    });
    expect(fs.readFileSync(mediaPath(app.config.dataDir, hash))).toEqual(bytes);
    const left = await app.db.select().from(uploads).where(eq(uploads.userId, me.userId));
    expect(left).toEqual([]);
    // Its processing is queued with it.
    const queued = await app.db.select().from(jobs).where(eq(jobs.type, 'content-processing'));
    expect(queued.map((job) => job.payload)).toContainEqual({ contentId: finished.data.id });

    // Finishing again finds no upload.
    const again = await post(me.call, 'slice-upload-finish', { upload_id: finished.uploadId });
    expect(again.code).toBe(404001);
  });

  it('names the content after the file without its direction controls, so its extension shows', async () => {
    const me = await owner();
    const finished = await upload(me.call, await png(8, 8), 'menu\u202egnp.exe.png');
    expect(finished.code, JSON.stringify(finished)).toBe(220000);
    expect(finished.data.name).toBe('menugnp.exe.png');
  });

  it('takes parts in any order and at once, each idempotent, across several parts', async () => {
    const me = await owner();
    const bytes = mp4(2 * UPLOAD_CHUNK_SIZE + 12_345);
    const started = await init(me.call, bytes, 'clip.mp4');
    expect(started.data).toMatchObject({ part_size: UPLOAD_CHUNK_SIZE, part_count: 3, parts: [] });
    const id = started.data.upload_id;
    const sent = await Promise.all(
      [2, 0, 1].map((index) => sendPart(me.call, id, index, partOf(bytes, index))),
    );
    expect(sent.map((part) => part.code)).toEqual([220000, 220000, 220000]);
    const repeat = await sendPart(me.call, id, 1, partOf(bytes, 1));
    expect(repeat.data).toEqual({ index: 1, received: 3 });
    const [row] = await app.db.select().from(uploads).where(eq(uploads.id, id));
    expect([...row.parts].sort()).toEqual([0, 1, 2]);

    const finished = await post(me.call, 'slice-upload-finish', { upload_id: id });
    expect(finished.data).toMatchObject({ type: 2, mime: 'video/mp4', size: bytes.length, width: null });
    expect(fs.readFileSync(mediaPath(app.config.dataDir, sha256(bytes))).equals(bytes)).toBe(true);
    expect(fs.existsSync(uploadPath(app.config.dataDir, id))).toBe(false);
    expect((await post(me.call, 'slice-upload-finish', { upload_id: id })).code).toBe(404001);
  });

  it('puts the content in the folder named, and refuses another company’s folder', async () => {
    const me = await owner();
    const [mine] = await app.db
      .insert(contentFolders)
      .values({ companyId: me.companyId, workspaceId: me.workspaceId, name: 'Posters' })
      .returning();
    const bytes = pdf(5000);
    const finished = await upload(me.call, bytes, 'menu.pdf', { folder_id: mine.id });
    expect(finished.data).toMatchObject({ type: 8, folder_id: mine.id, mime: 'application/pdf' });

    const other = await owner();
    const before = await fingerprint();
    const refused = await init(other.call, pdf(6000), 'menu.pdf', { folder_id: mine.id });
    expect(refused.code).toBe(404001);
    expect(await fingerprint()).toBe(before);
  });
});

describe('refusals leave nothing behind', () => {
  it('a PNG name with PDF bytes', async () => {
    const me = await owner();
    const bytes = pdf(3000);
    const before = await fingerprint();
    const started = await init(me.call, bytes, 'photo.png', { mime: 'image/png' });
    expect(started.code).toBe(220000);
    const part = await sendPart(me.call, started.data.upload_id, 0, bytes);
    expect(part).toMatchObject({
      status: 400,
      code: 400001,
      msg: "The file's content does not match its type",
    });
    await expectNothingLeft(before, started.data.upload_id, bytes);
  });

  it('a renamed executable', async () => {
    const me = await owner();
    for (const [bytes, name] of [
      [elf(50_000), 'movie.mp4'],
      [windowsExecutable(50_000), 'setup.pdf'],
      [elf(3000), 'song.mp3'],
    ] as const) {
      const before = await fingerprint();
      const started = await init(me.call, bytes, name);
      expect(started.code).toBe(220000);
      const part = await sendPart(me.call, started.data.upload_id, 0, bytes);
      expect(part.code, name).toBe(400001);
      await expectNothingLeft(before, started.data.upload_id, bytes);
      // The upload is gone: its other parts and its finish find nothing.
      expect((await post(me.call, 'slice-upload-finish', { upload_id: started.data.upload_id })).code).toBe(
        404001,
      );
    }
  });

  it('too large for its kind: an image over 100 MB, a video of 1 GB', async () => {
    const me = await owner();
    const before = await fingerprint();
    const files = partFiles();
    const hash = sha256(Buffer.from('x'));
    const image = await post(me.call, 'slice-upload-init', {
      hash,
      size: UPLOAD_SIZE_100MB + 1,
      name: 'huge.png',
    });
    expect(image).toMatchObject({
      status: 413,
      code: 413001,
      msg: 'Files of this type must be 100 MB or smaller',
    });
    const video = await post(me.call, 'slice-upload-init', { hash, size: UPLOAD_SIZE_1GB, name: 'long.mp4' });
    expect(video).toMatchObject({ status: 413, code: 413001, msg: 'Videos must be smaller than 1 GB' });
    expect(await fingerprint()).toBe(before);
    expect(partFiles()).toBe(files);
  });

  it('an image above 4K, declared or found in its bytes', async () => {
    const me = await owner();
    const bytes = await png(5000, 10);
    const before = await fingerprint();
    const declared = await init(me.call, bytes, 'banner.png', { width: 5000, height: 10 });
    expect(declared).toMatchObject({ code: 413001, msg: 'Images larger than 4K cannot be uploaded' });
    expect(await fingerprint()).toBe(before);

    const started = await init(me.call, bytes, 'banner.png');
    expect(started.code).toBe(220000);
    const part = await sendPart(me.call, started.data.upload_id, 0, bytes);
    expect(part).toMatchObject({
      status: 413,
      code: 413001,
      msg: 'Images larger than 4K cannot be uploaded',
    });
    await expectNothingLeft(before, started.data.upload_id, bytes);
  });

  it('a decompression bomb: a PNG of a few KB whose header says 30000 × 30000', async () => {
    const me = await owner();
    const bytes = pngBomb(30_000, 30_000);
    const before = await fingerprint();
    const started = await init(me.call, bytes, 'bomb.png');
    expect(started.code).toBe(220000);
    const part = await sendPart(me.call, started.data.upload_id, 0, bytes);
    expect(part).toMatchObject({
      status: 413,
      code: 413001,
      msg: 'Images larger than 4K cannot be uploaded',
    });
    await expectNothingLeft(before, started.data.upload_id, bytes);
  });

  it('an image whose size cannot be read is refused at finish', async () => {
    const me = await owner();
    // A PNG whose header says 0 × 0: its bytes are a PNG's, its size is none.
    const bytes = pngBomb(0, 0);
    const before = await fingerprint();
    const finished = await upload(me.call, bytes, 'odd.png');
    expect(finished).toMatchObject({ code: 400001, msg: "The file's content does not match its type" });
    await expectNothingLeft(before, finished.uploadId, bytes);
  });

  it('a file type that is not supported', async () => {
    const me = await owner();
    const refused = await post(me.call, 'slice-upload-init', {
      hash: sha256(Buffer.from('notes')),
      size: 5,
      name: 'notes.txt',
      mime: 'text/plain',
    });
    expect(refused).toMatchObject({ code: 400001, msg: 'notes.txt: this file type is not supported' });
  });

  it('over the quota: larger than the space left, and the space used up', async () => {
    const me = await owner();
    const hash = sha256(Buffer.from('big'));
    let before = await fingerprint();
    const tooBig = await post(me.call, 'slice-upload-init', {
      hash,
      size: STORAGE_SHARED_BYTES + 1,
      name: 'film.mp4',
    });
    expect(tooBig).toMatchObject({
      status: 413,
      code: 413001,
      msg: 'Unable to upload. The selected content is larger than the available space.',
    });
    expect(await fingerprint()).toBe(before);

    // Unfinished uploads hold their space too.
    const half = await post(me.call, 'slice-upload-init', {
      hash,
      size: STORAGE_SHARED_BYTES / 2,
      name: 'a.mp4',
    });
    expect(half.code).toBe(220000);
    const other = sha256(Buffer.from('other'));
    const second = await post(me.call, 'slice-upload-init', {
      hash: other,
      size: STORAGE_SHARED_BYTES / 2 + 1,
      name: 'b.mp4',
    });
    expect(second.msg).toBe('Unable to upload. The selected content is larger than the available space.');

    // Content in the recycle bin still counts.
    const folderId = await defaultFolderId(app.db, me.companyId, me.workspaceId);
    await app.db.insert(contents).values({
      companyId: me.companyId,
      workspaceId: me.workspaceId,
      folderId,
      type: 2,
      name: 'old.mp4',
      size: STORAGE_SHARED_BYTES / 2,
      deletedAt: new Date(),
    });
    before = await fingerprint();
    const full = await post(me.call, 'slice-upload-init', { hash: other, size: 1, name: 'c.mp4' });
    expect(full).toMatchObject({ status: 413, code: 413001, msg: 'The storage space is used up.' });
    expect(await fingerprint()).toBe(before);

    // Each licensed device adds 1 GB (the factory's claim grants a trial).
    await buildDevice(app, { id: me.workspaceId, companyId: me.companyId });
    const fits = await post(me.call, 'slice-upload-init', {
      hash: other,
      size: STORAGE_PER_DEVICE_BYTES - 1,
      name: 'c.mp4',
    });
    expect(fits.code, JSON.stringify(fits)).toBe(220000);
  });

  it('a part of the wrong size and a part outside the file', async () => {
    const me = await owner();
    const bytes = mp4(2 * UPLOAD_CHUNK_SIZE + 100);
    const started = await init(me.call, bytes, 'clip.mp4');
    const id = started.data.upload_id;
    const before = await fingerprint();
    const short = await sendPart(me.call, id, 0, partOf(bytes, 0).subarray(1));
    expect(short).toMatchObject({
      status: 400,
      code: 400001,
      msg: 'Each part must be exactly 2 MB, except the last one',
    });
    const longLast = await sendPart(me.call, id, 2, Buffer.concat([partOf(bytes, 2), Buffer.from([1])]));
    expect(longLast.code).toBe(400001);
    const outside = await sendPart(me.call, id, 3, partOf(bytes, 2));
    expect(outside).toMatchObject({ status: 400, code: 400001, msg: 'This part lies outside the file' });
    const negative = await sendPart(me.call, id, -1, partOf(bytes, 2));
    expect(negative.code).toBe(400001);
    const noBody = await me.call({
      method: 'POST',
      url: `/backend/manager/common/slice-upload?upload_id=${id}&index=0`,
    });
    expect(noBody.json().code).toBe(400001);
    const tooBig = await sendPart(me.call, id, 0, Buffer.alloc(UPLOAD_CHUNK_SIZE * 2));
    expect(tooBig.code).toBe(413001);
    expect(await fingerprint()).toBe(before);
    expect(fs.readFileSync(uploadPath(app.config.dataDir, id)).equals(Buffer.alloc(bytes.length))).toBe(true);
  });

  it('finish with a missing part: the parts are named and the upload waits for them', async () => {
    const me = await owner();
    const bytes = mp4(2 * UPLOAD_CHUNK_SIZE + 100);
    const started = await init(me.call, bytes, 'clip.mp4');
    const id = started.data.upload_id;
    await sendPart(me.call, id, 0, partOf(bytes, 0));
    await sendPart(me.call, id, 2, partOf(bytes, 2));
    const before = await fingerprint();
    const early = await post(me.call, 'slice-upload-finish', { upload_id: id });
    expect(early).toMatchObject({ status: 400, code: 400001, msg: 'Parts are missing: 1' });
    expect(await fingerprint()).toBe(before);
    expect(stored(bytes)).toBe(false);

    await sendPart(me.call, id, 1, partOf(bytes, 1));
    expect((await post(me.call, 'slice-upload-finish', { upload_id: id })).code).toBe(220000);
  });

  it('names at most 20 missing parts', async () => {
    const me = await owner();
    const size = 30 * UPLOAD_CHUNK_SIZE;
    const started = await post(me.call, 'slice-upload-init', {
      hash: sha256(Buffer.from('30')),
      size,
      name: 'long.mp4',
    });
    const early = await post(me.call, 'slice-upload-finish', { upload_id: started.data.upload_id });
    expect(early.msg).toBe(
      `Parts are missing: ${Array.from({ length: 20 }, (_, index) => index).join(', ')}`,
    );
  });

  it('a file whose bytes do not hash to the declared fingerprint', async () => {
    const me = await owner();
    const bytes = mp4(UPLOAD_CHUNK_SIZE + 10);
    const before = await fingerprint();
    const started = await post(me.call, 'slice-upload-init', {
      hash: sha256(mp4(UPLOAD_CHUNK_SIZE + 10)),
      size: bytes.length,
      name: 'clip.mp4',
    });
    const id = started.data.upload_id;
    await sendPart(me.call, id, 0, partOf(bytes, 0));
    await sendPart(me.call, id, 1, partOf(bytes, 1));
    const finished = await post(me.call, 'slice-upload-finish', { upload_id: id });
    expect(finished).toMatchObject({
      status: 400,
      code: 400001,
      msg: 'The uploaded file does not match its fingerprint. Upload it again.',
    });
    await expectNothingLeft(before, id, bytes);
  });

  it('path tricks in the file name', async () => {
    const me = await owner();
    const bytes = await png(8, 8);
    const before = await fingerprint();
    for (const name of [
      '../x.png',
      '..\\..\\x.png',
      'a/b.png',
      '/etc/x.png',
      '..',
      'x\u0000.png',
      'x\n.png',
      '  ',
    ]) {
      const refused = await init(me.call, bytes, name);
      expect(refused.code, name).toBe(400001);
      expect(refused.data.errors[0].field, name).toBe('name');
    }
    expect(await fingerprint()).toBe(before);
  });

  it('another user’s upload id, same company or not', async () => {
    const me = await owner();
    const bytes = mp4(UPLOAD_CHUNK_SIZE + 10);
    const started = await init(me.call, bytes, 'clip.mp4');
    const id = started.data.upload_id;
    await sendPart(me.call, id, 0, partOf(bytes, 0));
    const colleague = await buildUser(app, {
      role: Role.user,
      companyId: me.companyId,
      workspaceId: me.workspaceId,
    });
    const stranger = await owner();
    const before = await fingerprint();
    for (const call of [as(app, await loginAs(app, colleague.email)), stranger.call]) {
      expect((await sendPart(call, id, 1, partOf(bytes, 1))).code).toBe(404001);
      expect((await sendPart(call, id, 0, partOf(bytes, 0))).code).toBe(404001);
      expect((await post(call, 'slice-upload-finish', { upload_id: id })).code).toBe(404001);
      const check = await post(call, 'slice-upload-check', { hash: sha256(bytes), size: bytes.length });
      expect(check.data).toEqual({ content_id: null, upload_id: null, parts: [] });
    }
    expect(await fingerprint()).toBe(before);
    for (const other of [randomUUID(), '-'.repeat(36), 'f'.repeat(36)]) {
      const unknown = await sendPart(me.call, other, 0, partOf(bytes, 0));
      expect(unknown).toMatchObject({ status: 404, code: 404001, msg: 'This upload does not exist' });
      expect((await post(me.call, 'slice-upload-finish', { upload_id: other })).code).toBe(404001);
    }
  });

  it('callers without a library permission', async () => {
    const system = await loggedIn(app, { role: Role.system });
    const bytes = await png(8, 8);
    expect((await init(system.call, bytes, 'a.png')).code).toBe(403001);
    expect(
      (await post(system.call, 'slice-upload-check', { hash: sha256(bytes), size: bytes.length })).code,
    ).toBe(403001);
  });

  it('a user whose role may upload videos but not images', async () => {
    const me = await owner();
    const member = await buildUser(app, {
      role: Role.user,
      companyId: me.companyId,
      workspaceId: me.workspaceId,
    });
    const admin = await loggedIn(app, { role: Role.system });
    const grants = DEFAULT_ROLE_PERMISSIONS[Role.user];
    const setGrants = async (permissions: readonly string[]) => {
      const response = await admin.call({
        method: 'PUT',
        url: `/backend/manager/account/role/permission/${Role.user}`,
        payload: { permissions },
      });
      expect(response.json().code, response.body).toBe(220000);
    };
    await setGrants(grants.filter((key) => key !== 'res:image:list'));
    try {
      const call = as(app, await loginAs(app, member.email));
      const before = await fingerprint();
      expect((await init(call, await png(8, 8), 'a.png')).code).toBe(403001);
      expect(await fingerprint()).toBe(before);
      expect((await init(call, mp4(100), 'a.mp4')).code).toBe(220000);
    } finally {
      await setGrants(grants);
    }
  });
});

describe('Office documents where LibreOffice is not installed', () => {
  let bare: FastifyInstance;
  beforeAll(async () => {
    bare = await buildTestApp({ mediaToolsPath: path.join(app.config.dataDir, 'no-tools') });
  });

  it('are refused by name at init and by their bytes in the first part; PDFs pass', async () => {
    const { user, call } = await loggedIn(bare);
    await defaultFolderId(bare.db, user.companyId as number, user.workspaceId as number);
    const unavailable =
      'Office documents cannot be converted on this server because LibreOffice is not installed. Upload a PDF instead.';
    const before = await databaseFingerprint(bare.db, AUDIT);
    for (const name of ['report.docx', 'sheet.xls', 'slides.pptx']) {
      const refused = await init(call, docx(), name);
      expect(refused, name).toMatchObject({ status: 400, code: 400001, msg: unavailable });
    }
    // Named as a PDF, Word inside: refused once the bytes show it.
    const disguised = docx();
    const started = await init(call, disguised, 'report.pdf');
    expect(started.code).toBe(220000);
    const part = await sendPart(call, started.data.upload_id, 0, disguised);
    expect(part).toMatchObject({ code: 400001, msg: unavailable });
    expect(await databaseFingerprint(bare.db, AUDIT)).toBe(before);
    expect(fs.existsSync(uploadPath(bare.config.dataDir, started.data.upload_id))).toBe(false);

    const menu = pdf(2000);
    const ok = await init(call, menu, 'menu.pdf');
    expect((await sendPart(call, ok.data.upload_id, 0, menu)).code).toBe(220000);
  });
});

describe('resuming and instant upload', () => {
  it('check lists the parts held, and init resumes the same upload', async () => {
    const me = await owner();
    const bytes = mp4(3 * UPLOAD_CHUNK_SIZE + 1);
    const hash = sha256(bytes);
    const first = await init(me.call, bytes, 'clip.mp4');
    const id = first.data.upload_id;
    await sendPart(me.call, id, 3, partOf(bytes, 3));
    await sendPart(me.call, id, 1, partOf(bytes, 1));

    const check = await post(me.call, 'slice-upload-check', { hash, size: bytes.length });
    expect(check.data).toEqual({ content_id: null, upload_id: id, parts: [1, 3] });
    const again = await init(me.call, bytes, 'clip (1).mp4');
    expect(again.data).toMatchObject({ upload_id: id, part_count: 4, parts: [1, 3] });
    expect(await app.db.select().from(uploads).where(eq(uploads.userId, me.userId))).toHaveLength(1);

    await sendPart(me.call, id, 0, partOf(bytes, 0));
    await sendPart(me.call, id, 2, partOf(bytes, 2));
    const finished = await post(me.call, 'slice-upload-finish', { upload_id: id });
    expect(finished.data).toMatchObject({ name: 'clip (1).mp4', hash });
    expect(sha256(fs.readFileSync(mediaPath(app.config.dataDir, hash)))).toBe(hash);
  });

  it('the same bytes already in the company’s library need not be sent; another company sends its own', async () => {
    const me = await owner();
    const bytes = await png(30, 20);
    const hash = sha256(bytes);
    const mine = await upload(me.call, bytes, 'same.png');
    const colleague = await buildUser(app, {
      role: Role.userAdmin,
      companyId: me.companyId,
      workspaceId: me.workspaceId,
    });
    const colleagueCall = as(app, await loginAs(app, colleague.email));
    const seen = await post(colleagueCall, 'slice-upload-check', { hash, size: bytes.length });
    expect(seen.data).toEqual({ content_id: mine.data.id, upload_id: null, parts: [] });

    const stranger = await owner();
    const unseen = await post(stranger.call, 'slice-upload-check', { hash, size: bytes.length });
    expect(unseen.data).toEqual({ content_id: null, upload_id: null, parts: [] });
    const theirs = await upload(stranger.call, bytes, 'theirs.png');
    expect(theirs.data.id).not.toBe(mine.data.id);
    expect(
      fs.readdirSync(path.dirname(mediaPath(app.config.dataDir, hash))).filter((name) => name === hash),
    ).toHaveLength(1);

    // A different size is other bytes; deleted content is not offered.
    expect(
      (await post(colleagueCall, 'slice-upload-check', { hash, size: bytes.length + 1 })).data.content_id,
    ).toBeNull();
    await app.db.update(contents).set({ deletedAt: new Date() }).where(eq(contents.id, mine.data.id));
    expect(
      (await post(colleagueCall, 'slice-upload-check', { hash, size: bytes.length })).data.content_id,
    ).toBeNull();
  });
});

describe('an item whose processing failed', () => {
  /** An uploaded picture, processed, then marked failed as a processing that lost its file marks it. */
  async function failedItem(me: Uploader) {
    const bytes = await png(24, 16);
    const { data } = await upload(me.call, bytes, 'failed.png');
    await app.jobs.runDue();
    await app.db
      .update(contents)
      .set({ state: 'failed', problem: 'content.processingFailed' })
      .where(eq(contents.id, data.id));
    return { bytes, id: data.id as number };
  }
  const reprocess = (call: Call, id: number) => post(call, `../resource/${id}/reprocess`, {});
  const stateOf = async (id: number) => (await app.db.select().from(contents).where(eq(contents.id, id)))[0];

  it('is processed again from its stored file; anything else is refused and changes nothing', async () => {
    const me = await owner();
    const { id } = await failedItem(me);
    const again = await reprocess(me.call, id);
    expect(again.code, JSON.stringify(again)).toBe(ResultCode.success);
    expect(again.data).toMatchObject({ id, state: 'processing', problem: null });
    await app.jobs.runDue();
    expect(await stateOf(id)).toMatchObject({ state: 'ready', problem: null, width: 24, height: 16 });

    const stranger = await owner();
    const before = await fingerprint();
    const ready = await reprocess(me.call, id);
    expect(ready).toMatchObject({ status: 409, code: ResultCode.stateConflict });
    expect(ready.msg).toBe('Only an item whose processing failed can be processed again');
    expect((await reprocess(stranger.call, id)).code).toBe(ResultCode.notFound);
    expect(await fingerprint()).toBe(before);
  });

  it('whose file is gone says to upload it again; the same bytes sent again repair it', async () => {
    const me = await owner();
    const { bytes, id } = await failedItem(me);
    fs.rmSync(mediaPath(app.config.dataDir, sha256(bytes)));
    const before = await fingerprint();
    const gone = await reprocess(me.call, id);
    expect(gone).toMatchObject({ status: 409, code: ResultCode.stateConflict });
    expect(gone.msg).toBe('This file is no longer stored: upload it again to repair the item');
    expect(await fingerprint()).toBe(before);

    // The failed item is not offered as already there: the bytes are sent, and repair it.
    const seen = await post(me.call, 'slice-upload-check', { hash: sha256(bytes), size: bytes.length });
    expect(seen.data.content_id).toBeNull();
    const repaired = await upload(me.call, bytes, 'again.png');
    expect(repaired.code, JSON.stringify(repaired)).toBe(ResultCode.success);
    expect(repaired.data).toMatchObject({ id, name: 'failed.png', state: 'processing' });
    expect(stored(bytes)).toBe(true);
    await app.jobs.runDue();
    expect(await stateOf(id)).toMatchObject({ state: 'ready', problem: null });
    const copies = await app.db
      .select()
      .from(contents)
      .where(eq(contents.hash, sha256(bytes)));
    expect(copies.filter((row) => row.workspaceId === me.workspaceId)).toHaveLength(1);
  });
});

describe('a workspace with an unfinished upload', () => {
  it('is not deleted while the upload holds its space there', async () => {
    const me = await owner();
    const [root] = await app.db.select().from(workspaces).where(eq(workspaces.id, me.workspaceId));
    const a1 = await buildWorkspace(app, me.companyId, root.id);
    const inA1: Call = (options) =>
      me.call({ ...options, headers: { ...options.headers, 'workspace-id': String(a1.id) } });
    const bytes = mp4(UPLOAD_CHUNK_SIZE + 1);
    expect((await init(inA1, bytes, 'clip.mp4')).code).toBe(220000);
    const workspace = `/backend/manager/account/workspace/${a1.id}`;
    const refused = await me.call({ method: 'DELETE', url: workspace });
    expect(refused.json()).toMatchObject({ code: ResultCode.inUse, data: { blockers: ['content'] } });
    await app.db.delete(uploads).where(eq(uploads.workspaceId, a1.id));
    expect((await me.call({ method: 'DELETE', url: workspace })).json().code).toBe(220000);
  });
});

describe('storage info', () => {
  it('shows the caller’s own company: shared space, devices, content and unfinished uploads', async () => {
    const me = await owner();
    const empty = await me.call({ method: 'GET', url: '/backend/manager/sys/storage' });
    expect(empty.json().data).toEqual({
      total_size: STORAGE_SHARED_BYTES,
      used_size: 0,
      oss_available_size: STORAGE_SHARED_BYTES,
      licensed_devices: 0,
    });
    const bytes = await png(16, 16);
    await upload(me.call, bytes, 'a.png');
    await post(me.call, 'slice-upload-init', { hash: sha256(Buffer.from('p')), size: 1000, name: 'b.mp4' });
    await buildDevice(app, { id: me.workspaceId, companyId: me.companyId });
    const total = STORAGE_SHARED_BYTES + STORAGE_PER_DEVICE_BYTES;
    const used = bytes.length + 1000;
    const info = (await me.call({ method: 'GET', url: '/backend/manager/sys/storage' })).json().data;
    expect(info).toEqual({
      total_size: total,
      used_size: used,
      oss_available_size: total - used,
      licensed_devices: 1,
    });

    // Another company sees only its own; a platform account has none.
    const stranger = await owner();
    const theirs = (await stranger.call({ method: 'GET', url: '/backend/manager/sys/storage' })).json().data;
    expect(theirs.used_size).toBe(0);
    expect(theirs.total_size).toBe(STORAGE_SHARED_BYTES);
    const system = await loggedIn(app, { role: Role.system });
    const none = (await system.call({ method: 'GET', url: '/backend/manager/sys/storage' })).json().data;
    expect(none).toEqual({ total_size: 0, used_size: 0, oss_available_size: 0, licensed_devices: 0 });
  });

  it('counts the devices licensed now: an unlicensed one adds nothing, an expired licence gives its 1 GB back', async () => {
    const me = await owner();
    const storage = async () =>
      (await me.call({ method: 'GET', url: '/backend/manager/sys/storage' })).json().data;
    await buildDevice(app, { id: me.workspaceId, companyId: me.companyId }, 'Bare', {}, { licensed: false });
    expect(await storage()).toMatchObject({ total_size: STORAGE_SHARED_BYTES, licensed_devices: 0 });
    await buildDevice(app, { id: me.workspaceId, companyId: me.companyId }, 'Trial');
    expect(await storage()).toMatchObject({
      total_size: STORAGE_SHARED_BYTES + STORAGE_PER_DEVICE_BYTES,
      licensed_devices: 1,
    });
    // Past the longest trial (366 days) by the licence clock, the trial has expired.
    setClockOffset(400 * 86_400_000);
    try {
      expect(await storage()).toMatchObject({ total_size: STORAGE_SHARED_BYTES, licensed_devices: 0 });
      const refused = await post(me.call, 'slice-upload-init', {
        hash: sha256(Buffer.from('late')),
        size: STORAGE_SHARED_BYTES + 1,
        name: 'late.mp4',
      });
      expect(refused).toMatchObject({ status: 413, code: 413001 });
    } finally {
      setClockOffset(0);
    }
  });
});

describe('the sweep', () => {
  it('removes expired uploads and old orphan part files, and keeps the rest', async () => {
    const me = await owner();
    const live = await init(me.call, mp4(5000), 'live.mp4');
    const stale = await init(me.call, mp4(6000), 'stale.mp4');
    await app.db
      .update(uploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploads.id, stale.data.upload_id));
    const old = new Date(Date.now() - UPLOAD_EXPIRY_MS - 60_000);
    const orphan = uploadPath(app.config.dataDir, randomUUID());
    const newOrphan = uploadPath(app.config.dataDir, randomUUID());
    fs.writeFileSync(orphan, 'left by a crash');
    fs.utimesSync(orphan, old, old);
    fs.writeFileSync(newOrphan, 'its init is committing');
    // Not an upload's name: not ours to remove (and never sent to the database as an id).
    const stranger = path.join(path.dirname(orphan), `${'-'.repeat(36)}.part`);
    fs.writeFileSync(stranger, 'someone else’s');
    fs.utimesSync(stranger, old, old);
    // A live upload's file may be old too (parts extend the row, not the file's time).
    fs.utimesSync(uploadPath(app.config.dataDir, live.data.upload_id), old, old);

    // Expired: its parts and finish are refused at once.
    expect((await post(me.call, 'slice-upload-finish', { upload_id: stale.data.upload_id })).code).toBe(
      404001,
    );

    expect(await sweepExpiredUploads(app)).toBeGreaterThanOrEqual(1);
    const rows = await app.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.userId, me.userId));
    expect(rows.map((row) => row.id)).toEqual([live.data.upload_id]);
    expect(fs.existsSync(uploadPath(app.config.dataDir, stale.data.upload_id))).toBe(false);
    expect(fs.existsSync(uploadPath(app.config.dataDir, live.data.upload_id))).toBe(true);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(newOrphan)).toBe(true);
    expect(fs.existsSync(stranger)).toBe(true);
    fs.rmSync(newOrphan);
    fs.rmSync(stranger);
  });
});

describe('a part over a real connection', () => {
  it('refuses a body longer than a part with the 413 envelope, declared or streamed, and keeps serving', async () => {
    const { user, token } = await loggedIn(app);
    await defaultFolderId(app.db, user.companyId as number, user.workspaceId as number);
    const bytes = mp4(UPLOAD_CHUNK_SIZE + 10);
    const started = await init(as(app, token), bytes, 'long.mp4');
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const part = `${url}/backend/manager/common/slice-upload?upload_id=${started.data.upload_id}&index=0`;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' };
      const declared = await fetch(part, {
        method: 'POST',
        headers,
        body: Buffer.alloc(3 * UPLOAD_CHUNK_SIZE),
      });
      expect(declared.status).toBe(413);
      expect((await declared.json()).code).toBe(413001);

      // No Content-Length: chunked, found too long while it arrives.
      const streamed = await fetch(part, {
        method: 'POST',
        headers,
        body: new Blob([Buffer.alloc(3 * UPLOAD_CHUNK_SIZE)]).stream(),
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect((await streamed.json()).code).toBe(413001);

      const right = await fetch(part, { method: 'POST', headers, body: new Uint8Array(partOf(bytes, 0)) });
      expect((await right.json()).data).toEqual({ index: 0, received: 1 });
    } finally {
      // The refused streamed body leaves its connection open, which would hold the server's close
      // after the file (src/test/setup.ts) until the hook's timeout.
      app.server.closeAllConnections();
    }
  });
});

describe('on the object store', () => {
  // On PostgreSQL, two processes with a DATA_DIR each (two machines) on one store and database;
  // on the embedded database, which serves one process, the one.
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    ({ first, second } = await buildStoreInstances());
  });

  const storedKeys = async (prefix: string) => {
    const keys: string[] = [];
    for await (const { key } of first.storage.list(prefix)) keys.push(key);
    return keys;
  };

  it('takes each part on either process, resumes there and finishes on the other, leaving no part', async () => {
    const { user, token } = await loggedIn(first);
    await defaultFolderId(first.db, user.companyId as number, user.workspaceId as number);
    const [one, two] = [as(first, token), as(second, token)];
    const bytes = mp4(3 * UPLOAD_CHUNK_SIZE + 100);
    const started = await init(one, bytes, 'spread.mp4');
    expect(started.code, JSON.stringify(started)).toBe(220000);
    const id: string = started.data.upload_id;
    expect((await sendPart(two, id, 0, partOf(bytes, 0))).code).toBe(220000);
    expect((await sendPart(one, id, 2, partOf(bytes, 2))).code).toBe(220000);
    // Started again on the other process: the parts stored are kept, not wiped.
    const resumed = await init(two, bytes, 'spread.mp4');
    expect(resumed.data).toMatchObject({ upload_id: id, parts: [0, 2] });
    expect((await sendPart(two, id, 1, partOf(bytes, 1))).code).toBe(220000);
    expect((await sendPart(one, id, 3, partOf(bytes, 3))).code).toBe(220000);
    // Each part an object of the store.
    expect(await storedKeys(`uploads/${id}.part/`)).toEqual(
      expect.arrayContaining([0, 1, 2, 3].map((index) => `uploads/${id}.part/${index}`)),
    );

    const finished = await post(two, 'slice-upload-finish', { upload_id: id });
    expect(finished.code, JSON.stringify(finished)).toBe(220000);
    expect(finished.data).toMatchObject({ hash: sha256(bytes), size: bytes.length });
    const stored = await first.storage.get(mediaKey(sha256(bytes)));
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.stream ?? []) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
    expect(await storedKeys('uploads/')).toEqual([]);
    // Nothing of it on either process's disk.
    for (const instance of [first, second]) {
      const dir = path.join(instance.config.dataDir, 'uploads');
      expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
    }
  });

  it('refuses a file whose parts do not hash to what init declared, and drops its parts', async () => {
    const { user, token } = await loggedIn(first);
    await defaultFolderId(first.db, user.companyId as number, user.workspaceId as number);
    const call = as(first, token);
    const bytes = mp4(UPLOAD_CHUNK_SIZE + 10);
    const started = await init(call, bytes, 'changed.mp4');
    const id: string = started.data.upload_id;
    expect((await sendPart(call, id, 0, partOf(bytes, 0))).code).toBe(220000);
    const other = Buffer.from(partOf(bytes, 1)).fill(7);
    expect((await sendPart(call, id, 1, other)).code).toBe(220000);
    const finished = await post(call, 'slice-upload-finish', { upload_id: id });
    expect(finished).toMatchObject({ code: 400001 });
    expect(await storedKeys(`uploads/${id}.part`)).toEqual([]);
    expect(await first.storage.exists(mediaKey(sha256(bytes)))).toBe(false);
  });
});
