import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import sharp from 'sharp';
import { launchServer } from '../scripts/launch.mjs';
import { ADMIN, expect, keepOpen, latestMail, test } from './support';
import { ENV_SMTP_URL } from './support/env';
import {
  fillLogin,
  fitsThePhone,
  logIn,
  mailedLink,
  newAccount,
  openTab,
  PASSWORD,
  PHONE,
  sameUser,
  shot,
  siderRunsThePage,
  submit,
  text,
} from './support/journey';
import { rendered } from './support/screens';

// Content reaches a screen, proven, the way a new customer lives it: a company registers
// and its owner follows the onboarding tour: the screen shown on a /player page is added with its
// signage ID and PIN; the content tour's upload step waits for an upload, and the owner goes to the
// schedule wizard instead, uploads the picture from its content step, keeps the first time frame
// (which covers now), approves on submit, and the screen shows the picture (checked by its
// pixels). A member of the team schedules it too and is told an administrator approves; the owner
// does. The screen counts each showing, and a playback-log row and a downloaded export prove it.
// Then the server stops: the screen keeps playing; it starts again: the screen reconnects.
// This journey runs its own server, since it stops and restarts it.

test.describe.configure({ mode: 'serial' });

/** A colour no other screen content has: the screen shows the picture when its middle is this. */
const COLOUR = { r: 220, g: 30, b: 140 };
const IMAGE = 'magenta.png';
const SCREEN = { width: 1280, height: 720 };
const SCHEDULE = 'Magenta all day';
const MEMBER_SCHEDULE = 'Magenta by Sam';

type Server = Awaited<ReturnType<typeof launchServer>>;
let dir: string;
let server: Server;
let port: number;
const owner = newAccount('schedules');
const member = { email: `member-${Date.now().toString(36)}@vitrine.test`, username: 'Sam Scheduler' };
let screen: Page;
let deviceName = '';

async function start(): Promise<Server> {
  return launchServer({
    env: {
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: process.env[ENV_SMTP_URL] ?? '',
      LOG_LEVEL: 'info',
    },
    logFile: path.join(dir, 'server.log'),
    port,
  });
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-schedules-'));
  await sharp({ create: { width: 640, height: 360, channels: 3, background: COLOUR } })
    .png()
    .toFile(path.join(dir, IMAGE));
  server = await start();
  port = Number(new URL(server.url).port);
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function person(browser: Browser, options: Record<string, unknown> = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, ...options });
  return context.newPage();
}

async function api(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: server.url });
}

/** Logs in through the API and returns a caller with the session's token. */
async function caller(account: { email: string; password: string }) {
  const http = await api();
  const answer = await (
    await http.post('/backend/account/login', { data: { ...account, accept_terms: true } })
  ).json();
  expect(answer.code).toBe(220000);
  const headers = { Authorization: `Bearer ${answer.data.token}` };
  return {
    info: answer.data.info as { group_id: number },
    get: async (url: string) => (await http.get(`/backend${url}`, { headers })).json(),
    post: async (url: string, data: unknown) => (await http.post(`/backend${url}`, { headers, data })).json(),
  };
}

/** The middle pixel of what `page` shows, as [r, g, b]. */
async function middle(page: Page): Promise<number[]> {
  const { data, info } = await sharp(await page.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}
const showsTheImage = async (page: Page) => {
  const [r, g, b] = await middle(page);
  return Math.abs(r - COLOUR.r) < 25 && Math.abs(g - COLOUR.g) < 25 && Math.abs(b - COLOUR.b) < 25;
};

/** Clicks the tour's primary button (Next, or Finish on its last step). */
const tourNext = (page: Page) => page.locator('.ant-tour .ant-tour-next-btn').click();

// ── The journey ─────────────────────────────────────────────────────────────────────────────

test('a company registers; its owner follows the tour: the screen of a player page, a picture', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  screen = await person(browser, { viewport: SCREEN });
  keepOpen(screen.context()); // the screen plays through the journeys below
  await screen.goto('/player/');
  const signageId = (await screen.locator('.signage-id').textContent())?.trim() ?? '';
  const pin = (await screen.locator('.pin').textContent())?.trim() ?? '';
  expect(pin).toMatch(/^\d{6}$/);

  const page = await person(browser);
  await page.goto('/register');
  await page.locator('#email').fill(owner.email);
  await page.locator('#username').fill(owner.username);
  await page.locator('#company_name').fill(owner.company);
  await page.locator('#password').fill(owner.password);
  await page.locator('#confirm_password').fill(owner.password);
  await page.locator('#accept_terms').check();
  const sent = Date.now();
  expect(await submit(page, page.locator('#register'), '/account/register')).toBe(220000);
  const link = mailedLink(await latestMail(owner.email, { after: sent }), '/register/active');
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Your account is activated')).toBeVisible({ timeout: 30_000 });

  // The first login starts the tour at Home: three steps, then the device path.
  await logIn(page, owner, { tour: true });
  const tour = page.locator('.ant-tour:visible');
  await expect(tour).toContainText('1. Add a screen');
  await shot(page, 'schedules', '01-tour-home', { overlay: true });
  for (let step = 0; step < 3; step++) await tourNext(page);
  await expect(page).toHaveURL(/\/device\/list$/);
  await expect(tour).toContainText('Your screens');
  await tourNext(page);
  await expect(tour).toContainText('Add a screen');
  await tourNext(page); // opens the add-device drawer
  await expect(tour).toContainText('Signage ID');
  await page.locator('#digitalSignageId').fill(signageId);
  await tourNext(page);
  deviceName = `Front window ${Date.now().toString(36)}`;
  await page.locator('#deviceName').fill(deviceName);
  await tourNext(page);
  await tourNext(page); // the workspace: the owner's own
  await expect(tour).toContainText('PIN');
  await page.locator('#deviceAuthentication').fill(pin);
  await shot(page, 'schedules', '02-tour-device-pin', { overlay: true });
  await tourNext(page); // Finish
  await page.locator('#addDeviceFormSubmit').click();
  await expect(page.getByText(`${deviceName} was added.`)).toBeVisible();
  await expect(screen.getByText(deviceName)).toBeVisible({ timeout: 15_000 });

  // The content path: the upload step has no Next until something is uploaded (the schedule's
  // content step would be empty). The owner closes the tour there and makes the schedule at once.
  await expect(page).toHaveURL(/\/content\/image$/, { timeout: 15_000 });
  await expect(tour).toContainText('Your content');
  await tourNext(page);
  await expect(tour).toContainText('Once one is uploaded, Next takes you on to scheduling it.');
  await expect(page.locator('.ant-tour .ant-tour-next-btn')).toHaveCount(0);
  await shot(page, 'schedules', '03-tour-upload', { overlay: true });
  await page.locator('.ant-tour .ant-tour-close').click();
  await expect(tour).toBeHidden();

  // The wizard: nothing to pick yet, so the content step uploads the picture right there.
  await page.goto('/schedule/add');
  await page.locator('#scheduleType').getByText('Standard', { exact: true }).click();
  await page.locator('#scheduleNext').click();
  await page.getByRole('checkbox', { name: `Select ${deviceName}` }).check();
  await page.locator('#scheduleNext').click();
  const upload = page.locator('#scheduleUpload');
  await expect(upload).toContainText('Nothing of this kind yet. Upload files here');
  await shot(page, 'schedules', '04-wizard-upload');
  await upload.locator('input[type="file"]').setInputFiles(path.join(dir, IMAGE));
  const pick = page.getByRole('checkbox', { name: `Select ${IMAGE}` });
  await expect(pick).toBeEnabled({ timeout: 30_000 });
  await pick.check();
  // The upload list floats over the corner where the wizard's buttons are: closed once done.
  await page.getByRole('region', { name: 'Uploads' }).getByRole('button', { name: 'Close' }).click();
  await page.locator('#scheduleNext').click();
  await expect(page.locator('#scheduleOrder')).toContainText(IMAGE);
  await page.locator('#scheduleNext').click();
  // The first time frame covers now: all day, every day; the step says so.
  await expect(page.getByTestId('schedule-frame')).toHaveText(/00:00–24:00.*Daily/);
  await expect(page.getByTestId('schedule-first-play')).toHaveText('Plays now');
  await shot(page, 'schedules', '05-editor-time');
  await page.locator('#scheduleNext').click();
  await page.locator('#scheduleName').fill(SCHEDULE);
  // The owner approves schedules: told so, and offered to approve on submit.
  await expect(page.getByText('You approve schedules:')).toBeVisible();
  await expect(page.getByTestId('schedule-first-play')).toHaveText('Plays now');
  await shot(page, 'schedules', '06-editor-save');
  await page.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(
    page.getByText('Scheduling successful! The schedule is live on the chosen screens.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/schedule\/live/);

  // Within seconds the screen shows the picture.
  await expect.poll(() => showsTheImage(screen), { timeout: 20_000 }).toBe(true);
  await rendered(screen, 1);
  await shot(screen, 'schedules', '07-player-shows-it');
  await page.context().close();
});

test('a member schedules the picture too; the owner approves it', async ({ browser }) => {
  test.setTimeout(300_000);
  // The owner invites a member (role user: schedules need approval).
  const boss = await caller(owner);
  const sent = Date.now();
  const invited = await boss.post('/manager/account/user', {
    email: member.email,
    username: member.username,
    role_id: 4,
    group_id: boss.info.group_id,
  });
  expect(invited.code).toBe(220000);
  const invite = mailedLink(await latestMail(member.email, { after: sent }), '/user/active');
  const http = await api();
  const code = invite.searchParams.get('code');
  const activated = await (
    await http.post(`/backend/account/active/${code}`, {
      data: { password: PASSWORD, confirm_password: PASSWORD },
    })
  ).json();
  expect(activated.code).toBe(220000);

  // The member's tour: their screen and content flags are set, so it starts in the editor.
  const page = await person(browser);
  const account = { email: member.email, password: PASSWORD };
  await page.goto('/login');
  await fillLogin(page, account.email, account.password);
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(220000);
  await expect(page).toHaveURL(/\/home$/);
  // Skipping saves all three flags; that answer comes before the member's progress is set below.
  const skipped = page.waitForResponse((response) => response.url().endsWith('/backend/manager/sys/guide'));
  await page.locator('#tourSkip').click();
  await skipped;
  // With the browser's own session (another login would count as a second one, and end the tour).
  const saved = await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? '';
    const response = await fetch('/backend/manager/sys/guide', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token.replace(/^"|"$/g, '')}` },
      body: JSON.stringify({ user_guide: { device: true, content: true, schedule: false } }),
    });
    return (await response.json()).code;
  });
  expect(saved).toBe(220000);
  await page.goto('/schedule/add');
  const tour = page.locator('.ant-tour:visible');
  await expect(tour).toContainText('Type of schedule', { timeout: 30_000 });
  await shot(page, 'schedules', '04-tour-schedule-type', { overlay: true });
  await page.locator('#scheduleType').getByText('Standard', { exact: true }).click();
  // Each step of the tour moves on once its element is drawn: its Next is clicked on that step.
  await tourNext(page);
  await expect(tour).toContainText('Go from one step to the next');
  // This step's Next presses the wizard's Next: the tour stays on screen, on the devices.
  await tourNext(page);
  await expect(page.locator('#scheduleDevices')).toBeVisible();
  await expect(tour).toContainText('Pick the screens');
  await page.getByRole('checkbox', { name: `Select ${deviceName}` }).check();
  await tourNext(page);
  await page.locator('#scheduleNext').click();
  await expect(page.locator('#scheduleContent')).toBeVisible();
  await expect(tour).toContainText('Pick what they should play');
  await page.getByRole('checkbox', { name: `Select ${IMAGE}` }).check();
  await tourNext(page);
  await page.locator('#scheduleNext').click();
  await expect(page.locator('#scheduleOrder')).toContainText(IMAGE);
  await expect(tour).toContainText('Set how long each item shows');
  await tourNext(page);
  await page.locator('#scheduleNext').click();
  await expect(page.locator('#scheduleCalendar')).toBeVisible();
  await expect(tour).toContainText('Drag on the calendar');
  await tourNext(page); // Finish
  await expect(tour).toBeHidden();

  // The first frame covers now; a member may not approve: the administrator's message is true.
  await expect(page.getByTestId('schedule-first-play')).toHaveText('Plays now');
  await page.locator('#scheduleNext').click();
  await page.locator('#scheduleName').fill(MEMBER_SCHEDULE);
  await expect(
    page.getByText('An administrator approves the schedule before the screens play it.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve and publish' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(
    page.getByText(
      'Scheduling successful! The advertising plans will be finalized once approved by your administrator.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/schedule\/live/);
  await expect(page.getByText(MEMBER_SCHEDULE).first()).toBeVisible();
  await shot(page, 'schedules', '08-live-pending');
  await page.context().close();

  // The owner approves it from the approval tab, which has a dot.
  const admin = await person(browser);
  await logIn(admin, owner);
  await admin.goto('/schedule/audit');
  const row = admin.getByRole('row').filter({ hasText: MEMBER_SCHEDULE });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await shot(admin, 'schedules', '09-approval-list');
  await row.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('button', { name: 'Approve' }).last().click();
  await expect(row).toBeHidden();

  await admin.goto('/schedule/live');
  await expect(admin.getByRole('row').filter({ hasText: MEMBER_SCHEDULE })).toContainText('1');
  await shot(admin, 'schedules', '10-live-approved');
  await admin.context().close();
  expect(await showsTheImage(screen)).toBe(true);
});

test('each showing is counted: a playback-log row, and an export downloads', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await person(browser);
  await logIn(page, owner);
  // The screen sends what it showed at least once a minute.
  const boss = await caller(owner);
  await expect
    .poll(async () => (await boss.get('/manager/statistics/playback-log?days=7')).data?.total ?? 0, {
      timeout: 120_000,
      intervals: [5_000],
    })
    .toBeGreaterThan(0);
  await page.goto('/statistics/playback-log');
  await expect(page.getByRole('row').filter({ hasText: IMAGE }).first()).toContainText(deviceName, {
    timeout: 30_000,
  });
  await shot(page, 'schedules', '11-playback-log');

  await page.goto('/statistics/export');
  await page.getByRole('button', { name: 'New export' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').nth(1);
  const download = page.waitForEvent('download');
  await expect(row.getByRole('button', { name: /Download/ })).toBeEnabled({ timeout: 60_000 });
  await shot(page, 'schedules', '12-export-done');
  await row.getByRole('button', { name: /Download/ }).click();
  // The export's default format: an XLSX workbook (a zip) of the log's rows.
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^playback-log-.*\.xlsx$/);
  expect(
    fs
      .readFileSync(await saved.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
  await expect(row).toContainText('Done');
  await page.context().close();
});

test('a first schedule in English, Arabic and on a phone: upload, first play, past dates', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const variants = [
    ['en', 'en', {}],
    ['ar', 'ar', {}],
    ['phone', 'en', PHONE],
    ['phone-ar', 'ar', PHONE],
  ] as const;
  // Signed in once; the other browsers (Arabic, the phone) hold the same session.
  const signedIn = await person(browser);
  await logIn(signedIn, owner);
  for (const [variant, lang, options] of variants) {
    const page = variant === 'en' ? signedIn : await sameUser(signedIn, options);
    await page.goto(`/schedule/add?language=${lang}`);
    await page.locator('#scheduleType .schedule-type').first().click();
    await page.locator('#scheduleNext').click();
    await page.getByRole('checkbox', { name: new RegExp(deviceName) }).check();
    await page.locator('#scheduleNext').click();
    // No video yet: the videos tab offers the upload.
    await openTab(page, text(lang, 'playlist:tab.video'));
    await expect(page.locator('#scheduleUpload .upload-dropzone')).toBeVisible({ timeout: 20_000 });
    if (variant.startsWith('phone')) await fitsThePhone(page);
    await shot(page, 'schedules', `first-${variant}-upload`);
    await openTab(page, text(lang, 'playlist:tab.image'));
    await page.getByRole('checkbox', { name: new RegExp(IMAGE.replace('.', '\\.')) }).check();
    await page.locator('#scheduleNext').click();
    await page.locator('#scheduleNext').click();
    const first = page.getByTestId('schedule-first-play');
    await expect(first).toHaveText(text(lang, 'schedule-editor:time.playsNow'));
    if (!variant.startsWith('phone')) await siderRunsThePage(page);
    await shot(page, 'schedules', `first-${variant}-time`);

    // Dates that ended last month: told on the field, and the step is not left.
    const dates = page.locator('#scheduleTime .ant-picker-range input');
    const typeDates = async (from: string, to: string) => {
      await dates.nth(0).click();
      await dates.nth(0).fill(from);
      await dates.nth(0).press('Enter');
      // The start is taken once the picker moves on to the end (a busy page may take a moment).
      await expect(dates.nth(1)).toBeFocused();
      await dates.nth(1).fill(to);
      await dates.nth(1).press('Enter');
      await expect(dates.nth(0)).toHaveValue(from);
    };
    await typeDates('2020-01-01', '2020-01-31');
    const refusal = text(lang, 'contract:schedule.endInPast');
    await expect(page.locator('#scheduleTime .ant-form-item-explain-error')).toHaveText(refusal);
    await expect(first).toBeHidden();
    await page.locator('#scheduleNext').click();
    await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
    if (variant.startsWith('phone')) await fitsThePhone(page);
    await shot(page, 'schedules', `first-${variant}-past`);

    // From next month on: when it first plays.
    const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 70 * 86_400_000).toISOString().slice(0, 10);
    await typeDates(start, end);
    await expect(first).toContainText(
      `${start.slice(5, 7)}-${start.slice(8, 10)}-${start.slice(0, 4)} 00:00`,
    );
    await shot(page, 'schedules', `first-${variant}-later`);
    if (page !== signedIn) await page.context().close();
  }
  await signedIn.context().close();
});

test('the schedule screens in Arabic and on a phone', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await person(browser);
  await logIn(page, owner);
  const screens = [
    ['home', '/home'],
    ['live', '/schedule/live'],
    ['audit', '/schedule/audit'],
    ['add', '/schedule/add'],
    ['spot', '/schedule/spot'],
    ['holidays', '/setting/exclude-data'],
    ['playback-log', '/statistics/playback-log'],
    ['export', '/statistics/export'],
    ['content-error', '/notice/content-error'],
  ] as const;
  for (const [name, address] of screens) {
    await page.goto(`${address}?language=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.waitForLoadState('networkidle');
    await shot(page, 'schedules', `ar-${name}`);
  }
  await page.goto('/home?language=en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const phone = await sameUser(page, PHONE);
  for (const [name, address] of screens) {
    await phone.goto(address);
    await phone.waitForLoadState('networkidle');
    await fitsThePhone(phone);
    await shot(phone, 'schedules', `phone-${name}`);
  }
  await phone.context().close();
  await page.context().close();
});

test('the server stops: the screen keeps playing; it starts again: the screen reconnects', async () => {
  test.setTimeout(240_000);
  // The screen's program says how its connection is (data-status): it counts each time it is
  // found offline, the server gone and then each try to reach it again failing.
  const program = screen.locator('.screen.program');
  await expect(program).toHaveAttribute('data-status', 'connected');
  await program.evaluate((element) => {
    const seen = element as HTMLElement & { offlineCount?: number };
    seen.offlineCount = 0;
    new MutationObserver(() => {
      if (seen.dataset.status === 'offline') seen.offlineCount = (seen.offlineCount ?? 0) + 1;
    }).observe(element, { attributes: true, attributeFilter: ['data-status'] });
  });
  await server.stop();
  // Offline, and still offline after trying again, the screen still shows the picture.
  await expect
    .poll(() => program.evaluate((element) => (element as { offlineCount?: number }).offlineCount), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2);
  await expect(program).toHaveAttribute('data-status', 'offline');
  expect(await showsTheImage(screen)).toBe(true);
  await shot(screen, 'schedules', '13-player-server-down');

  server = await start();
  const boss = await caller(owner);
  await expect
    .poll(
      async () => {
        const answer = await boss.get(`/manager/device?keyword=${encodeURIComponent(deviceName)}`);
        return answer.data?.list?.[0]?.status;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(1);
  expect(await showsTheImage(screen)).toBe(true);
  await screen.context().close();
});
