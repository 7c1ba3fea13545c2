import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN } from './env';
import { expect } from './index';

// What the OTA journeys set up through the real API as the platform's admin: a device model of
// their own, and a player build uploaded as a package for it (init, one part, create with its MD5);
// and the console's Upload package drawer filled in.

export type Headers = { Authorization: string };

/** The platform admin's bearer header, from a login through the API. */
export async function adminHeaders(request: APIRequestContext): Promise<Headers> {
  const login = await (
    await request.post('/backend/account/login', { data: { ...ADMIN, accept_terms: true } })
  ).json();
  expect(login.code, JSON.stringify(login)).toBe(220000);
  return { Authorization: `Bearer ${login.data.token}` };
}

/** A device model named `name` (1920 × 1080, images); answers its id. */
export async function createModel(
  request: APIRequestContext,
  headers: Headers,
  name: string,
): Promise<number> {
  const created = await (
    await request.post('/backend/manager/device-model', {
      headers,
      data: { name, width: 1920, height: 1080, orientation: 0, media_types: [2], features: [] },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(220000);
  return created.data.id;
}

/** Uploads `build` as the package `version` for these models; answers the package's id. */
export async function uploadPackage(
  request: APIRequestContext,
  headers: Headers,
  { version, build, modelIds }: { version: string; build: Buffer; modelIds: number[] },
): Promise<number> {
  const started = await (
    await request.post('/backend/manager/ota/package/slice-upload-init', {
      headers,
      data: {
        hash: createHash('sha256').update(build).digest('hex'),
        size: build.length,
        name: 'player.zip',
      },
    })
  ).json();
  expect(started.code, JSON.stringify(started)).toBe(220000);
  const part = await request.post(
    `/backend/manager/ota/package/slice-upload?upload_id=${started.data.upload_id}&index=0`,
    { headers: { ...headers, 'content-type': 'application/octet-stream' }, data: build },
  );
  expect((await part.json()).code).toBe(220000);
  const made = await (
    await request.post('/backend/manager/ota/package', {
      headers,
      data: {
        version,
        md5: createHash('md5').update(build).digest('hex'),
        description: 'Journey build',
        model_ids: modelIds,
        upload_id: started.data.upload_id,
      },
    })
  ).json();
  expect(made.code, JSON.stringify(made)).toBe(220000);
  return made.data.id;
}

/**
 * A device model of the run's own (`label run`) with a stand-in build uploaded as the package
 * `version` for it: what an OTA journey's screen launches as and is offered.
 */
export async function modelWithPackage(request: APIRequestContext, label: string, version: string) {
  const run = Date.now().toString(36);
  const model = `${label} ${run}`;
  const headers = await adminHeaders(request);
  const modelId = await createModel(request, headers, model);
  const build = Buffer.from(`vitrine player ${version} ${run}\n`.repeat(1000));
  await uploadPackage(request, headers, { version, build, modelIds: [modelId] });
  return { run, model, modelId, headers };
}

/** A paired player page's device token, the credential its player calls carry. */
export async function playerToken(screen: Page): Promise<string> {
  const read = () => screen.evaluate(() => localStorage.getItem('vitrine.player.token'));
  await expect.poll(read).toBeTruthy();
  return (await read()) ?? '';
}

/**
 * What a player reports as it takes the plan's upgrade (docs/ota.md "For any player"): downloading,
 * installing, then installed with `version`; each answered 220000.
 */
export async function reportInstalled(
  request: APIRequestContext,
  token: string,
  planId: number,
  version: string,
): Promise<void> {
  for (const state of ['downloading', 'installing', 'installed'] as const) {
    const reported = await (
      await request.post('/backend/player/ota/report', {
        headers: { Authorization: `Bearer ${token}` },
        data: { plan_id: planId, state, ...(state === 'installed' ? { version } : {}) },
      })
    ).json();
    expect(reported.code, `${state}: ${JSON.stringify(reported)}`).toBe(220000);
  }
}

/**
 * Opens /ota/package's Upload package drawer (on the page at hand) and fills it in: version, MD5,
 * the model, a description and the file. The caller submits and checks the answer.
 */
export async function fillPackageUpload(
  page: Page,
  {
    version,
    md5,
    model,
    file,
  }: { version: string; md5: string; model: string; file: { name: string; buffer: Buffer } },
) {
  await page.getByRole('button', { name: 'Upload package' }).click();
  await page.locator('#version').fill(version);
  await page.locator('#md5').fill(md5);
  await page.locator('#model_ids').click();
  await page.getByTitle(model).click();
  await page.keyboard.press('Escape');
  await page.locator('#description').fill('Faster start-up');
  await page.getByTestId('ota-package-input').setInputFiles({ ...file, mimeType: 'application/zip' });
  await expect(page.getByTestId('ota-package-file')).toContainText(file.name);
}
