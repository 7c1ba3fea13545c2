import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN } from './env';
import { expect } from './index';

// What the OTA journeys set up through the real API as the platform's admin: a device model of
// their own, and a player build uploaded as a package for it (init, one part, create with its MD5).

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
