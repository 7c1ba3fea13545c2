import fs from 'node:fs';
import { FONT_MAX_BYTES, ResultCode, Role, STORAGE_SHARED_BYTES } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentTexts, fonts } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { loggedIn } from '../../test/factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { elf, otf, png, sha256, ttf, windowsExecutable, woff, woff2 } from '../../test/media-files';
import { type Call, smallFileCalls } from '../../test/small-file-calls';
import { buildMember, callAs } from '../../test/team-factories';
import { mediaPath } from '../media';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/font';
const { tenant, upload, uploaded, storedFiles } = smallFileCalls(() => app, URL);

describe('POST font', () => {
  it('stores a company font by hash with a family of its own, in each format', async () => {
    const t = await tenant();
    const bytes = ttf(2048);
    const font = await uploaded(t.call, 'Brand Sans.TTF', bytes);
    expect(font).toEqual({
      id: expect.any(Number),
      name: 'Brand Sans',
      family: `vitrine-font-${font.id}`,
      format: 'ttf',
      size: 2048,
      url: `/backend/media/${sha256(bytes)}`,
      platform: false,
      editable: true,
      uploader_name: expect.any(String),
      created_at: expect.any(String),
    });
    expect(fs.readFileSync(mediaPath(app.config.dataDir, sha256(bytes)))).toEqual(bytes);
    const [row] = await app.db.select().from(fonts).where(eq(fonts.id, font.id));
    expect(row.companyId).toBe(t.company.id);
    for (const [name, file, format] of [
      ['a.otf', otf(300), 'otf'],
      ['b.woff', woff(300), 'woff'],
      ['c.woff2', woff2(300), 'woff2'],
    ] as const) {
      expect((await uploaded(t.call, name, file)).format).toBe(format);
    }
    const served = await app.inject({ method: 'GET', url: font.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(bytes);
  });

  it('refuses what is not a font, too large, over quota or oddly named, and leaves nothing behind', async () => {
    const t = await tenant();
    const files = storedFiles();
    const before = await databaseFingerprint(app.db);
    const refused = async (name: string, bytes: Buffer, code: number, msg: string) => {
      const response = await upload(t.call, name, bytes);
      expect(response.json(), name).toMatchObject({ code, msg });
      expect(response.statusCode).toBe(Math.floor(code / 1000));
    };
    await refused(
      'logo.png',
      await png(4, 4),
      400001,
      'logo.png: only TTF, OTF, WOFF and WOFF2 fonts can be uploaded',
    );
    await refused(
      'setup.ttf',
      windowsExecutable(),
      400001,
      "setup.ttf: the file's content is not the font its name says",
    );
    await refused(
      'tool.woff2',
      elf(512),
      400001,
      "tool.woff2: the file's content is not the font its name says",
    );
    await refused('empty.ttf', Buffer.alloc(0), 400001, 'The file is empty');
    await refused('huge.ttf', ttf(FONT_MAX_BYTES + 1), 413001, 'Fonts must be 20 MB or smaller');
    for (const name of ['../../etc/passwd.ttf', 'fonts/x.ttf', 'a\\b.ttf', '..']) {
      const response = await upload(t.call, name, ttf(64));
      expect(response.json().code, name).toBe(ResultCode.validation);
    }
    // The company's storage is full: a platform-sized font row of its own fills it.
    const [full] = await app.db
      .insert(fonts)
      .values({
        companyId: t.company.id,
        name: 'Full',
        format: 'ttf',
        hash: 'f'.repeat(64),
        size: STORAGE_SHARED_BYTES,
      })
      .returning();
    await refused('late.ttf', ttf(64), 413001, 'The storage space is used up.');
    await app.db.delete(fonts).where(eq(fonts.id, full.id));
    expect(await databaseFingerprint(app.db)).toBe(before);
    expect(storedFiles()).toEqual(files);
  });
});

describe('platform and company fonts', () => {
  it('shows platform fonts to everyone and company fonts to their company only; each edits its own', async () => {
    const system = await loggedIn(app, { role: Role.system });
    const operator = await loggedIn(app, { role: Role.systemOperator });
    const a = await tenant();
    const b = await tenant();
    const member = await buildMember(app, a.root, Role.user);
    const memberCall = await callAs(app, member);
    const platformFont = await uploaded(system.call, 'Platform Serif.otf', otf(700));
    expect(platformFont).toMatchObject({ platform: true, editable: true });
    const ofA = await uploaded(a.call, 'A Brand.woff2', woff2(500));
    const ofB = await uploaded(b.call, 'B secret.ttf', ttf(500));

    const names = async (call: Call) => {
      const response = await call({ method: 'GET', url: URL, query: { page_size: '200', sort: 'name,asc' } });
      expect(response.json().code, response.body).toBe(ResultCode.success);
      return response.json().data.list as { id: number; editable: boolean; platform: boolean }[];
    };
    const seenByA = await names(a.call);
    expect(seenByA.map((font) => font.id)).toEqual(expect.arrayContaining([platformFont.id, ofA.id]));
    expect(seenByA.map((font) => font.id)).not.toContain(ofB.id);
    expect(seenByA.find((font) => font.id === platformFont.id)?.editable).toBe(false);
    expect(seenByA.find((font) => font.id === ofA.id)?.editable).toBe(true);
    // A user edits texts (res:text:list) and so lists fonts, but may change none.
    const seenByMember = await names(memberCall);
    expect(seenByMember.map((font) => font.id)).toContain(ofA.id);
    expect(seenByMember.every((font) => !font.editable)).toBe(true);
    const seenByOperator = await names(operator.call);
    expect(seenByOperator.map((font) => font.id)).toContain(platformFont.id);
    expect(seenByOperator.map((font) => font.id)).not.toContain(ofA.id);
    expect(seenByOperator.find((font) => font.id === platformFont.id)?.editable).toBe(true);

    const before = await databaseFingerprint(app.db);
    const rename = (call: Call, id: number) =>
      call({ method: 'PATCH', url: `${URL}/${id}`, payload: { name: 'Taken over' } });
    expect((await rename(a.call, platformFont.id)).json().code).toBe(ResultCode.permission);
    expect((await a.call({ method: 'DELETE', url: `${URL}/${platformFont.id}` })).json().code).toBe(
      ResultCode.permission,
    );
    expect((await rename(a.call, ofB.id)).json().code).toBe(ResultCode.notFound);
    expect((await a.call({ method: 'DELETE', url: `${URL}/${ofB.id}` })).json().code).toBe(
      ResultCode.notFound,
    );
    expect((await rename(operator.call, ofA.id)).json().code).toBe(ResultCode.notFound);
    expect((await rename(memberCall, ofA.id)).json().code).toBe(ResultCode.permission);
    expect((await upload(memberCall, 'x.ttf', ttf(64))).json().code).toBe(ResultCode.permission);
    expect(await databaseFingerprint(app.db)).toBe(before);

    const renamed = await rename(a.call, ofA.id);
    expect(renamed.json().data).toMatchObject({ id: ofA.id, name: 'Taken over' });
    expect((await rename(operator.call, platformFont.id)).json().data.name).toBe('Taken over');
  });
});

describe('fonts of text messages', () => {
  it('gives a text a font it can see, and refuses another company’s', async () => {
    const a = await tenant();
    const b = await tenant();
    const font = await uploaded(a.call, 'Display.ttf', ttf(900));
    const foreign = await uploaded(b.call, 'Foreign.ttf', ttf(901));
    const created = await a.call({
      method: 'POST',
      url: '/backend/manager/text',
      payload: { title: 'Sale', content: 'Today', font_id: font.id },
    });
    expect(created.json().data).toMatchObject({
      font_id: font.id,
      font_family: font.family,
      font_url: font.url,
    });
    const plain = await a.call({
      method: 'POST',
      url: '/backend/manager/text',
      payload: { title: 'T', content: 'C' },
    });
    expect(plain.json().data).toMatchObject({ font_id: null, font_family: null, font_url: null });

    const before = await databaseFingerprint(app.db);
    for (const request of [
      { method: 'POST' as const, url: '/backend/manager/text' },
      { method: 'PATCH' as const, url: `/backend/manager/text/${plain.json().data.id}` },
    ]) {
      const response = await a.call({
        ...request,
        payload: { title: 'X', content: 'Y', font_id: foreign.id },
      });
      expect(response.json()).toMatchObject({
        code: ResultCode.validation,
        msg: 'Choose one of the fonts offered',
      });
    }
    expect(await databaseFingerprint(app.db)).toBe(before);
  });

  it('refuses to delete a font texts use, unless they fall back to the default font', async () => {
    const a = await tenant();
    const bytes = woff(1234);
    const font = await uploaded(a.call, 'Used.woff', bytes);
    const text = await a.call({
      method: 'POST',
      url: '/backend/manager/text',
      payload: { title: 'Menu', content: 'Soup', font_id: font.id },
    });
    const before = await databaseFingerprint(app.db);
    const refused = await a.call({ method: 'DELETE', url: `${URL}/${font.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: ResultCode.inUse,
      data: { uses: [{ kind: 'text', id: text.json().data.id, name: 'Menu' }] },
    });
    expect(await databaseFingerprint(app.db)).toBe(before);

    const detached = await a.call({ method: 'DELETE', url: `${URL}/${font.id}`, query: { detach: '1' } });
    expect(detached.json().code, detached.body).toBe(ResultCode.success);
    expect(await app.db.select().from(fonts).where(eq(fonts.id, font.id))).toEqual([]);
    const [row] = await app.db.select().from(contentTexts).where(eq(contentTexts.id, text.json().data.id));
    expect(row.fontId).toBeNull();
    expect(fs.existsSync(mediaPath(app.config.dataDir, sha256(bytes)))).toBe(false);
  });

  it('keeps a file that another font still refers to', async () => {
    const a = await tenant();
    const b = await tenant();
    const bytes = ttf(777);
    const first = await uploaded(a.call, 'Same.ttf', bytes);
    await uploaded(b.call, 'Same.ttf', bytes);
    expect((await a.call({ method: 'DELETE', url: `${URL}/${first.id}` })).json().code).toBe(
      ResultCode.success,
    );
    expect(fs.existsSync(mediaPath(app.config.dataDir, sha256(bytes)))).toBe(true);
  });
});
