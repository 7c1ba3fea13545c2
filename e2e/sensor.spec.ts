import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page, WebSocketRoute } from '@playwright/test';
import sharp from 'sharp';
import { expect, keepOpen, test } from './support';
import {
  type Account,
  addScreen,
  createOwner,
  fitsThePhone,
  logIn,
  PHONE,
  person,
  shot,
  submit,
  uploadContent,
  watchNotice,
} from './support/journey';

// A shop's screen reacts to a customer: the owner registers an NFC tag (a sensor) that the counter
// screen listens to, and makes a sensor schedule showing the product's picture when it is read.
// A keyboard-wedge reader "types" the tag's ID and Enter on the screen's page: the product shows
// over the program, and the program then goes on where it was (the same picture, for the time it
// had left). Again with the server unreachable from the screen: the screen decides from the
// manifest it keeps; once it is back, a networked sensor's HTTP read of the tag, relayed to it, is
// a tap too. Then a preset sets the brightness and volume of both screens, confirmed by them. The
// pages involved in Arabic and on a phone.

test.describe.configure({ mode: 'serial' });

const PRODUCT = 'product.png';
/** The product picture's colour: no other content has it. */
const COLOUR = { r: 30, g: 160, b: 220 };
/** The program: two pictures of their own colours, each this long. */
const PROGRAM = ['shop-red.png', 'shop-green.png'];
const PROGRAM_COLOURS = [
  { r: 200, g: 40, b: 40 },
  { r: 40, g: 180, b: 60 },
];
const ITEM_SECONDS = 10;
const ITEM_MS = ITEM_SECONDS * 1000;
/** How long a read shows the product: time for the checks on a busy machine. */
const SHOWS_SECONDS = 8;
const TAG = 'Counter tag';
const TAG_ID = `04:A3:${Date.now().toString(16).slice(-6).toUpperCase()}`;
const SENSOR_SCHEDULE = 'Product on tap';
const PRESET = 'Evening shop';
const run = Date.now().toString(36);
const COUNTER = `Counter ${run}`;
const WINDOW = `Window ${run}`;

let dir: string;
let owner: Account;
let counter: Page;
let window: Page;
let scheduleId = 0;
/** The counter screen's sockets (through a route, so that the journey can cut them), and whether it may reach the server. */
const sockets: WebSocketRoute[] = [];
let reachable = true;

test.beforeAll(async ({ request }) => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-sensor-'));
  await sharp({ create: { width: 640, height: 360, channels: 3, background: COLOUR } })
    .png()
    .toFile(path.join(dir, PRODUCT));
  for (const [index, name] of PROGRAM.entries()) {
    await sharp({ create: { width: 640, height: 360, channels: 3, background: PROGRAM_COLOURS[index] } })
      .png()
      .toFile(path.join(dir, name));
  }
  owner = await createOwner(request, 'sensor');
});

test.afterAll(async () => {
  await counter?.context().close();
  await window?.context().close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────

/** The owner's API caller (a session of its own). */
async function api(request: APIRequestContext) {
  const login = await request.post('/backend/account/login', {
    data: { email: owner.email, password: owner.password, accept_terms: true },
  });
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  return async (method: 'GET' | 'POST', url: string, body?: object) => {
    const answer = await (await request.fetch(`/backend${url}`, { method, data: body, headers })).json();
    expect(answer, `${method} ${url}`).toMatchObject({ code: 220000 });
    return answer.data;
  };
}

/**
 * A keyboard-wedge reader reads the tag on the counter screen: its ID typed fast, then Enter; the
 * screen is interrupted by the sensor schedule. The player takes a burst for a read only when its
 * keys come within 50 ms of each other (a person types slower); on a busy machine Playwright's keys
 * sometimes come slower than that, and such a burst is a person's typing, so the reader taps again.
 */
async function tap(screen: Page, id: string) {
  const program = screen.locator('section.program');
  await expect(async () => {
    if ((await program.getAttribute('data-interrupted')) === null) {
      await screen.keyboard.type(id);
      await screen.keyboard.press('Enter');
    }
    await expect(program).toHaveAttribute('data-interrupted', String(scheduleId), { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The program's layer of item `key` (outside the interruption's layer). */
const programLayer = (screen: Page, key: string) =>
  screen.locator(`section.program > .render-stage .render-layer[data-key="${key}"]`);
const interruption = (screen: Page) => screen.locator('section.program > .program-interrupt');

/** What the counter screen's renderer reported (its trace hook) and when interruptions began and ended. */
type Seen = {
  shown: { key: string; due: number | null; painted: number }[];
  interrupted: { at: number; schedule: string | null }[];
  now: number;
};
const seen = (screen: Page) =>
  screen.evaluate(() => {
    const journey = (window as unknown as { journey: Omit<Seen, 'now'> }).journey;
    return { ...journey, now: performance.now() } as Seen;
  });

/**
 * Watches the screen: every item its renderer shows (the page's render trace hook, as bench/player
 * uses it: which item, when the one before it ended, which frame showed it) and each change of its
 * interruption, on the page's clock.
 */
async function watch(screen: Page) {
  await screen.evaluate(() => {
    const page = window as unknown as {
      journey?: Omit<Seen, 'now'>;
      __vitrineRenderTrace?: (event: Seen['shown'][number]) => void;
    };
    const section = document.querySelector<HTMLElement>('section.program');
    if (!section) throw new Error('no program on the screen');
    page.journey = { shown: [], interrupted: [] };
    page.__vitrineRenderTrace = (event) => page.journey?.shown.push(event);
    new MutationObserver(() =>
      page.journey?.interrupted.push({
        at: performance.now(),
        schedule: section.dataset.interrupted ?? null,
      }),
    ).observe(section, { attributes: true, attributeFilter: ['data-interrupted'] });
  });
}

/** The middle pixel of what `screen` shows is the product's colour. */
async function showsTheProduct(screen: Page): Promise<boolean> {
  const { data, info } = await sharp(await screen.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  const [r, g, b] = [data[at], data[at + 1], data[at + 2]];
  return Math.abs(r - COLOUR.r) < 25 && Math.abs(g - COLOUR.g) < 25 && Math.abs(b - COLOUR.b) < 25;
}

/**
 * A tap on the counter screen: the product shows over the program, whose item holds where it was;
 * when the interruption ends the same item goes on for the time it had left (its end moved by the
 * interruption's length, not a whole new turn from the resume). `step` names the screenshots.
 */
async function tapShowsTheProductThenTheProgram(step: string) {
  await watch(counter);
  // An item of the program comes on; it has played a while before the tap, so that a restart
  // (its whole time again from the resume) differs from going on (its time left).
  await expect.poll(async () => (await seen(counter)).shown.length, { timeout: ITEM_MS + 15_000 }).toBe(1);
  const [item] = (await seen(counter)).shown;
  const began = item.due ?? item.painted;
  await expect.poll(async () => (await seen(counter)).now - began).toBeGreaterThan(2_000);
  const layer = programLayer(counter, item.key);
  await layer.evaluate((element) => {
    element.dataset.journey = 'before-tap';
  });

  await tap(counter, TAG_ID.toLowerCase());
  // The sensor schedule's picture over the program; the program's item held under it.
  const product = interruption(counter).locator('.render-layer--shown');
  await expect(product.locator('img')).toBeVisible();
  const productKey = await product.getAttribute('data-key');
  await expect.poll(() => showsTheProduct(counter)).toBe(true);
  await expect(layer).toHaveAttribute('data-journey', 'before-tap');
  await shot(counter, 'sensor', `${step}-product`);

  // After its seconds: the same item (the same layer), then the next one when its time is up.
  await expect(counter.locator('section.program')).not.toHaveAttribute('data-interrupted', /.*/, {
    timeout: SHOWS_SECONDS * 1000 + 10_000,
  });
  await expect(interruption(counter)).toBeHidden();
  await expect(layer).toHaveClass(/render-layer--shown/);
  await expect(layer).toHaveAttribute('data-journey', 'before-tap');
  expect(await showsTheProduct(counter)).toBe(false);
  await shot(counter, 'sensor', `${step}-program-again`);
  const program = async () => (await seen(counter)).shown.filter((event) => event.key !== productKey);
  await expect.poll(async () => (await program()).length, { timeout: ITEM_MS + 15_000 }).toBe(2);
  const [, next] = await program();
  const { interrupted } = await seen(counter);
  const from = interrupted.find((change) => change.schedule === String(scheduleId));
  const to = interrupted.findLast((change) => change.schedule === null);
  expect(from && to).toBeTruthy();
  const held = (to?.at ?? 0) - (from?.at ?? 0);
  // The item ended its own time after it began, plus the time it was held: it went on from where it was.
  expect(Math.abs((next.due ?? 0) - (began + ITEM_MS + held))).toBeLessThan(300);
  // A restart would have given it its whole time from the resume: later by what it had played.
  expect((to?.at ?? 0) + ITEM_MS - (next.due ?? 0)).toBeGreaterThan(1_500);
}

// ── The journey ─────────────────────────────────────────────────────────────────────────────

test('a tag and its sensor schedule: a tap shows the product, then the program goes on where it was', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await logIn(page, owner);
  counter = await addScreen(page, browser, COUNTER);
  window = await addScreen(page, browser, WINDOW);
  keepOpen(counter.context());
  keepOpen(window.context());
  // Offline emulation stops the page's requests but not a socket already open: the counter
  // screen's socket goes through a route the journey can cut, from a reload on.
  await counter.routeWebSocket(/\/player\/socket/, (socket) => {
    if (!reachable) return socket.close();
    sockets.push(socket);
    socket.connectToServer();
  });
  await counter.reload();
  await expect(counter.locator('[data-status="connected"]')).toHaveCount(1, { timeout: 30_000 });
  await uploadContent(
    page,
    'image',
    [PRODUCT, ...PROGRAM].map((name) => path.join(dir, name)),
  );

  // Both screens play the shop's two pictures all day (the program a tap interrupts).
  const call = await api(request);
  const pictures = (await call('GET', '/manager/resource?type=1&keyword=shop-')).list as {
    id: number;
    name: string;
  }[];
  const devices = (await call('GET', `/manager/device?keyword=${run}`)).list as { device_id: number }[];
  expect(devices).toHaveLength(2);
  const made = await call('POST', '/manager/schedule', {
    name: 'Shop loop',
    type: 'standard',
    device_ids: devices.map((device) => device.device_id),
    items: PROGRAM.map((name) => ({
      content_id: pictures.find((picture) => picture.name === name)?.id,
      duration: ITEM_SECONDS,
    })),
    start_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    end_date: '2099-12-31',
    frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
    submit: true,
  });
  await call('POST', `/manager/schedule/${made.id}/approve`, {});

  // The tag, registered in Devices › Sensors; the counter screen listens to it.
  await page.goto('/device/sensors');
  await page.getByRole('button', { name: 'Add sensor' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add sensor' });
  await drawer.getByLabel('Sensor ID').fill(TAG_ID);
  await drawer.getByLabel('Name').fill(TAG);
  await drawer.getByLabel('Screens').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: COUNTER })
    .click();
  await page.keyboard.press('Escape');
  await expect(drawer.locator('.ant-select-selection-item').filter({ hasText: COUNTER })).toBeVisible();
  await shot(page, 'sensor', '01-sensor-drawer', { overlay: true });
  const saved = watchNotice(page, 'Sensor saved');
  expect(await submit(page, drawer.locator('#sensorFormSubmit'), '/manager/iot-device')).toBe(220000);
  expect(await saved).toBe(true);
  const row = page.getByRole('row').filter({ hasText: TAG });
  await expect(row).toContainText(TAG_ID);
  await expect(row).toContainText(COUNTER);
  await shot(page, 'sensor', '02-sensor-list');

  // The row's schedule action opens the sensor schedule editor with the tag ticked.
  await row.getByRole('button', { name: `Make a sensor schedule for ${TAG}` }).click();
  await expect(page).toHaveURL(/\/schedule\/sensors\?tag_ids=\d+$/);
  await expect(page.getByRole('checkbox', { name: `Select ${TAG}` })).toBeChecked();
  await page.getByRole('checkbox', { name: `Select ${COUNTER}` }).check();
  await page.getByRole('checkbox', { name: `Select ${PRODUCT}` }).check();
  await page.locator('#sensorSeconds').fill(String(SHOWS_SECONDS));
  await expect(page.getByTestId('schedule-frame')).toHaveText(/00:00–24:00.*Daily/);
  await page.locator('#scheduleName').fill(SENSOR_SCHEDULE);
  await shot(page, 'sensor', '03-sensor-schedule-editor');
  await page.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(page).toHaveURL(/\/schedule\/live/);
  await expect(page.getByRole('row').filter({ hasText: SENSOR_SCHEDULE })).toBeVisible();
  const [schedule] = (await call('GET', `/manager/schedule?keyword=${encodeURIComponent(SENSOR_SCHEDULE)}`))
    .list as { id: number; status: number }[];
  scheduleId = schedule.id;

  // The counter screen has the program, and its manifest the trigger: then a tap.
  await expect(
    counter.locator('section.program > .render-stage .render-layer--shown img').first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(() =>
      counter.evaluate((id) => {
        const kept = JSON.parse(localStorage.getItem('vitrine.player.manifest') ?? '{}');
        return (kept.triggers ?? []).some((trigger: { id: number }) => trigger.id === id);
      }, scheduleId),
    )
    .toBe(true);
  await tapShowsTheProductThenTheProgram('04-online');
});

test('the server unreachable from the screen: a tap still shows the product, and the program returns', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const status = counter.locator('section.program');
  await expect(status).toHaveAttribute('data-status', 'connected');
  // The screen's requests fail and its socket is closed (a new one is refused): it says so.
  reachable = false;
  await counter.context().setOffline(true);
  for (const socket of sockets.splice(0)) await socket.close();
  await expect(status).not.toHaveAttribute('data-status', 'connected');
  await tapShowsTheProductThenTheProgram('05-offline');
  reachable = true;
  await counter.context().setOffline(false);
  await expect(status).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });

  // Connected again, a networked sensor reads the tag: its HTTP call, relayed, is a tap.
  const call = await api(request);
  const [sensor] = (await call('GET', `/manager/iot-device?keyword=${encodeURIComponent(TAG_ID)}`)).list;
  const { secret } = await call('POST', `/manager/iot-device/${sensor.id}/secret`);
  const read = await request.post('/backend/sensor/read', {
    headers: { Authorization: `Bearer ${secret}` },
    data: { sensor_id: TAG_ID },
  });
  expect(await read.json()).toMatchObject({ code: 220000, data: { screens: 1 } });
  await expect(status).toHaveAttribute('data-interrupted', String(scheduleId));
});

test('a preset applied to both screens sets their brightness and volume; they confirm it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page, owner);
  await page.goto('/device/preset-setting');
  await page.getByRole('button', { name: 'New preset' }).click();
  const drawer = page.getByRole('dialog', { name: 'New preset' });
  await drawer.getByLabel('Name').fill(PRESET);
  await drawer.getByRole('switch', { name: 'Set Brightness' }).click();
  await drawer.locator('#brightness').fill('40');
  await drawer.getByRole('switch', { name: 'Set Sound' }).click();
  await drawer.locator('#volume').fill('30');
  await shot(page, 'sensor', '06-preset-drawer', { overlay: true });
  expect(await submit(page, drawer.locator('#presetFormSubmit'), '/manager/preset')).toBe(220000);
  await expect(drawer).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: PRESET });
  await row.getByRole('button', { name: `Apply ${PRESET}` }).click();
  const apply = page.getByRole('dialog', { name: `Apply “${PRESET}”` });
  await apply.locator('#device_ids').click();
  for (const name of [COUNTER, WINDOW]) {
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: name })
      .click();
  }
  await page.keyboard.press('Escape');
  const applied = page.waitForResponse(
    (response) =>
      /\/backend\/manager\/preset\/\d+\/apply$/.test(response.url()) &&
      response.request().method() === 'POST',
  );
  await apply.locator('#presetApplyFormSubmit').click();
  expect(await (await applied).json()).toMatchObject({ code: 220000 });
  // Each screen's result, read again until both have confirmed.
  const results = apply.getByRole('list', { name: 'Result per screen' }).first();
  for (const name of [COUNTER, WINDOW]) {
    await expect(results.getByRole('listitem').filter({ hasText: name })).toContainText('Confirmed', {
      timeout: 30_000,
    });
  }
  await shot(page, 'sensor', '07-preset-confirmed', { overlay: true });

  // What the players applied: the screen dimmed to 40 %; the volume every media element gets 30 %
  // (the settings each player keeps and applies, also after a restart).
  for (const screen of [counter, window]) {
    await expect(screen.locator('#screen')).toHaveCSS('filter', 'brightness(0.4)');
    const kept = await screen.evaluate(
      () => JSON.parse(localStorage.getItem('vitrine.player.state') ?? '{}').settings,
    );
    expect(kept).toMatchObject({ brightness: 40, volume: 30, mute: false });
  }
  await shot(window, 'sensor', '08-window-dimmed');
});

test('the sensor, sensor schedule and preset pages in Arabic and on a phone', async ({ browser }) => {
  test.setTimeout(180_000);
  const variants = [
    ['ar', 'ar', {}],
    ['phone', 'en', PHONE],
    ['phone-ar', 'ar', PHONE],
  ] as const;
  for (const [variant, lang, options] of variants) {
    const page = await person(browser, options);
    await logIn(page, owner);
    const pages = [
      ['sensors', '/device/sensors', TAG],
      ['sensor-schedule', `/schedule/sensors/${scheduleId}`, SENSOR_SCHEDULE],
      ['presets', '/device/preset-setting', PRESET],
    ] as const;
    for (const [name, address, shown] of pages) {
      await page.goto(`${address}?language=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByText(shown).first()).toBeVisible();
      if (variant.startsWith('phone')) await fitsThePhone(page);
      await shot(page, 'sensor', `${variant}-${name}`);
    }
    await page.context().close();
  }
});
