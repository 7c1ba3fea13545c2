import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, FrameLocator, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './index';
import { uploadContent } from './journey';

// What the journeys check on a screen: the player's renderer showing a program, and by pixels;
// and a picture scheduled to play on a screen.

/**
 * How much of what `target` shows is not black: the share of its pixels (from a screenshot of
 * the element) with any channel above 40.
 */
export async function litShare(target: Locator): Promise<number> {
  const { data, info } = await sharp(await target.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let lit = 0;
  for (let index = 0; index < data.length; index += info.channels) {
    if (data[index] > 40 || data[index + 1] > 40 || data[index + 2] > 40) lit++;
  }
  return lit / (info.width * info.height);
}

/** Waits until the player renderer in `scope` shows a program with every zone on screen. */
export async function rendered(scope: Page | FrameLocator, zones: number) {
  // A program replacing another waits (hidden) until it can show, then takes the old one's place.
  const stage = scope.locator('.render-stage:not(.render-stage--waiting)');
  await expect(stage).toHaveCount(1, { timeout: 20_000 });
  await expect(scope.locator('.render-stage')).toHaveCount(1);
  await expect(stage.locator('.render-zone')).toHaveCount(zones);
}

/**
 * Has a paired screen play a picture all day: the owner (logged in on `page`, its account
 * `owner`) uploads a 640×360 PNG of `colour` named `<name>.png` from the library page and schedules
 * it alone on the screen named `screenName`, submitted and approved by the owner. Answers once the
 * schedule is approved; the screen shows it after its manifest comes (`rendered`).
 */
export async function playAPicture(
  page: Page,
  request: APIRequestContext,
  owner: { email: string; password: string },
  screenName: string,
  name: string,
  colour = { r: 255, g: 0, b: 255 },
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-picture-'));
  const file = path.join(dir, `${name}.png`);
  await sharp({ create: { width: 640, height: 360, channels: 3, background: colour } })
    .png()
    .toFile(file);
  await uploadContent(page, 'image', [file]);
  fs.rmSync(dir, { recursive: true, force: true });
  const login = await request.post('/backend/account/login', {
    data: { email: owner.email, password: owner.password, accept_terms: true },
  });
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const data = async (method: 'GET' | 'POST', url: string, body?: object) => {
    const answer = (await (await request.fetch(url, { method, data: body, headers })).json()) as {
      code: number;
      data: { list?: { id?: number; device_id?: number }[]; id?: number };
    };
    expect(answer, `${method} ${url}`).toMatchObject({ code: 220000 });
    return answer.data;
  };
  const [image] = (await data('GET', `/backend/manager/resource?type=1&keyword=${encodeURIComponent(name)}`))
    .list!;
  const [device] = (await data('GET', `/backend/manager/device?keyword=${encodeURIComponent(screenName)}`))
    .list!;
  const made = await data('POST', '/backend/manager/schedule', {
    name: `All day ${name}`,
    type: 'standard',
    device_ids: [device.device_id],
    items: [{ content_id: image.id, duration: 10 }],
    start_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    end_date: '2099-12-31',
    frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
    submit: true,
  });
  await data('POST', `/backend/manager/schedule/${made.id}/approve`, {});
}
