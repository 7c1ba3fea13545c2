import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type APIRequestContext,
  type Browser,
  devices,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { BUTTON_CLICK_THROTTLE_MS } from '../../packages/contract/src/limits';
import { checkAccessibility } from './axe';
import { ADMIN, baseUrl } from './env';
import { expect, latestMail, linksIn, type Mail, screenshot } from './index';

// What the journeys share beyond the setup: accounts made through the real API, logging in the
// way a person does, clicks that respect the console's 1 s button throttle, screenshots taken
// once the screen has stopped moving, and the console's own texts in each language.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A password that meets the rules (8+ characters, letters, digits and a special character). */
export const PASSWORD = 'Journey-pass1!';

/** The console's button throttle, plus a margin. */
const THROTTLE_MS = BUTTON_CLICK_THROTTLE_MS + 50;

/** The phone of the journeys: 390 × 844, touch, a mobile user agent. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  userAgent: devices['Pixel 7'].userAgent,
} as const;

let count = 0;
/** An address no other journey of this run uses. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${++count}@vitrine.test`.toLowerCase();

export type Account = { email: string; password: string; username: string; company: string };

/** The `?code=` of a mailed link to `pathname` (e.g. /register/active). */
export function mailedLink(mail: Mail, pathname: string): URL {
  const link = linksIn(mail)
    .map((href) => new URL(href))
    .find((url) => url.pathname === pathname);
  if (!link) throw new Error(`No ${pathname} link in "${mail.subject}": ${linksIn(mail).join(', ')}`);
  return link;
}

/** Registers a company through the real API and returns the activation mail's link. */
export async function registerByApi(request: APIRequestContext, account: Account): Promise<URL> {
  const sent = Date.now();
  const response = await request.post('/backend/account/register', {
    data: {
      email: account.email,
      username: account.username,
      company_name: account.company,
      password: account.password,
      confirm_password: account.password,
      accept_terms: true,
    },
  });
  expect(await response.json()).toMatchObject({ code: 220000 });
  return mailedLink(await latestMail(account.email, { after: sent }), '/register/active');
}

export function newAccount(prefix: string): Account {
  const email = uniqueEmail(prefix);
  return { email, password: PASSWORD, username: `${prefix} owner`, company: `${prefix} signs ${count}` };
}

/** A company owner of its own, registered and activated through the real API. */
export async function createOwner(request: APIRequestContext, prefix: string): Promise<Account> {
  const account = newAccount(prefix);
  const link = await registerByApi(request, account);
  const code = link.searchParams.get('code');
  const response = await request.post(`/backend/account/register-active/${code}`);
  expect(await response.json()).toMatchObject({ code: 220000 });
  return account;
}

const isCall = (pathname: string) => (message: { url: () => string }) =>
  new URL(message.url()).pathname === `/backend${pathname}`;

/** The code of the next answer to the call `pathname` (start waiting before the action). */
export const nextAnswer = (page: Page, pathname: string): Promise<number> =>
  page
    .waitForResponse(isCall(pathname))
    .then((response) => response.json())
    .then((body: { code: number }) => body.code);

// When each page's throttled button was last clicked, to click again only once it listens.
const lastClick = new WeakMap<Page, number>();

/**
 * Clicks a submit button whose handler ignores clicks within 1 s of the last one (spec 000 §9),
 * waiting out that second first, and returns the code the call to `pathname` answers.
 */
export async function submit(page: Page, button: Locator, pathname: string): Promise<number> {
  const wait = (lastClick.get(page) ?? 0) + THROTTLE_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  // The write the button sends, not a list's refresh of the same path.
  const isWrite = (request: Request) => request.method() !== 'GET' && isCall(pathname)(request);
  const [request] = await Promise.all([page.waitForRequest(isWrite, { timeout: 15_000 }), button.click()]);
  lastClick.set(page, Date.now());
  const response = await request.response();
  if (!response) throw new Error(`${pathname} got no answer`);
  return ((await response.json()) as { code: number }).code;
}

/** Fills the login form; ticks the terms unless told not to. */
export async function fillLogin(page: Page, email: string, password: string, { terms = true } = {}) {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  if (terms) await page.locator('#accept_terms').check();
}

/**
 * Logs in from the login page (opened unless it is already shown) and waits for the home page.
 * A first login of an owner, user admin or user starts the onboarding tour at Home, whose mask
 * covers the page: it is skipped unless the journey walks it ({ tour: true }).
 */
export async function logIn(page: Page, account: { email: string; password: string }, { tour = false } = {}) {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await fillLogin(page, account.email, account.password);
  const answer = page.waitForResponse(isCall('/account/login')).then((response) => response.json());
  expect(await submit(page, page.locator('#login'), '/account/login')).toBe(220000);
  const { data } = (await answer) as { data: { role: { role_id: number }; info: { login_times: number } } };
  await expect(page).toHaveURL(/\/home$/);
  const touring = data.info.login_times <= 1 && [3, 4, 6].includes(data.role.role_id);
  if (touring && !tour) {
    await page
      .locator('#tourSkip')
      .click({ timeout: 20_000 })
      .catch(() => undefined);
  }
}

/** Nothing on the page is wider than the phone (no sideways scrolling). */
export async function fitsThePhone(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.viewport.width);
}

/** On a page longer than the screen, the side navigation's background runs its whole height. */
export async function siderRunsThePage(page: Page) {
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(page.viewportSize()?.height ?? 0);
  // scrollHeight is a whole number; the sider's box may be a fraction longer.
  expect((await page.locator('.shell-sider').boundingBox())?.height).toBeGreaterThan(pageHeight - 1);
}

/**
 * Opens the dropdown behind the button `button` and chooses `item` once the menu has stopped
 * moving in. A click can still miss (seen in CI: the page below re-rendered as the click landed and
 * the menu stayed open), so it clicks again until the menu has closed.
 */
export async function choose(page: Page, button: string, item: string) {
  await page.getByRole('button', { name: button }).click();
  const entry = page.getByRole('menuitem', { name: item });
  await expect(entry).toBeVisible();
  await settle(page);
  await expect(async () => {
    if (await entry.isVisible()) await entry.click({ timeout: 2_000 });
    await expect(entry).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Opens the tab named `name` of the page's (or `within`'s) tab list. On a phone the tab bar may
 * still shift while the page lays out (the overflowing tabs are measured after the first paint): a
 * click that lands then selects the neighbouring tab (seen in a whole run), so it clicks again
 * until the tab is the selected one.
 */
export async function openTab(page: Page | Locator, name: string) {
  const tab = page.getByRole('tab', { name });
  await expect(async () => {
    await tab.click({ timeout: 2_000 });
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Chooses the option whose whole text is `title` (or that matches it) in the open antd Select or
 * TreeSelect dropdown.
 * A single select closes once it took the choice; on a busy machine a click that lands while the
 * list is still sliding in only highlights the option (seen in CI), so it clicks again until it
 * closes.
 */
export async function pickOption(page: Page, title: string | RegExp) {
  const open = page.locator('.ant-select-dropdown:visible');
  const whole =
    typeof title === 'string' ? new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : title;
  const option = open
    .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper')
    .filter({ hasText: whole });
  await expect(option.first()).toBeVisible();
  // Clicked once at least: an opening list may read as hidden for a frame, which is not a choice.
  let clicked = false;
  await expect(async () => {
    if (!clicked || (await open.count()) > 0) {
      await option.first().click({ timeout: 2_000 });
      clicked = true;
    }
    await expect(open).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Brings moving things (drawers sliding in, button waves, notices) to their end state, and the
 * page to its top: a whole-page capture shows the sticky header where it belongs.
 */
export async function settle(page: Page) {
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY) animation.finish();
    }
  });
}

/**
 * e2e/screenshots/<journey>-<step>.png, once the screen is still: the whole page, or only the
 * viewport for an overlay (a drawer or dialog is as tall as the window, not the page).
 */
export async function shot(page: Page, journey: string, step: string, { overlay = false } = {}) {
  await settle(page);
  await checkAccessibility(page);
  const name = `${journey}-${step}`;
  if (overlay) await page.screenshot({ path: path.join(root, 'e2e/screenshots', `${name}.png`) });
  else await screenshot(page, name);
}

type Messages = Record<string, unknown>;
const cache = new Map<string, Messages>();
function load(file: string): Messages {
  if (!cache.has(file)) cache.set(file, JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')));
  return cache.get(file) as Messages;
}

/**
 * Visits every screen of the foundation in `lang`, from screen to screen through the links a
 * person would use, and saves e2e/screenshots/screens-<variant>-<screen>.png. Each screen is
 * checked to speak the language and, on a phone, not to be wider than the phone. Ends signed in,
 * with the Change Password drawer open.
 */
export async function visitEveryScreen(
  page: Page,
  request: APIRequestContext,
  { variant, lang, phone }: { variant: string; lang: string; phone: boolean },
) {
  const t = (id: string, params?: Record<string, string>) => text(lang, id, params);
  const capture = async (screen: string, shown: string, options?: { overlay: boolean }) => {
    await expect(page.getByText(shown, { exact: true }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    if (phone) await fitsThePhone(page);
    await shot(page, 'screens', `${variant}-${screen}`, options);
  };
  const follow = (name: string) => page.getByRole('link', { name, exact: true }).click();

  await page.goto(`/login?language=${lang}`);
  await capture('login', t('account:login.title'));
  await follow(t('account:login.register'));
  await capture('register', t('account:register.title'));
  await follow(t('account:register.login'));
  await follow(t('account:login.forgot'));
  await capture('forget', t('account:forget.title'));
  await follow(t('common:public.policy'));
  await capture('policy', t('legal:policy.title'));
  await follow(t('common:public.terms'));
  await capture('terms', t('legal:termsOfUse.title'));

  const owner = newAccount(`screens-${variant}`);
  const link = await registerByApi(request, owner);
  await page.goto(link.pathname + link.search);
  await capture('activation', t('account:registerActive.success.title'));
  await page.getByRole('button', { name: t('account:link.goToLogin') }).click();
  await logIn(page, owner);
  await capture('home', t('home:greeting', { name: owner.username }));

  await page.goto('/nope');
  await capture('404', t('account:notFound.title'));
  await page.getByRole('button', { name: t('account:notFound.goNow') }).click();
  await expect(page).toHaveURL(/\/home$/);

  await choose(page, t('common:userMenu.label'), t('common:userMenu.profile'));
  await capture('profile', t('account:profile.preferences.title'));

  await choose(page, t('common:userMenu.label'), t('common:userMenu.changePassword'));
  await expect(page.getByRole('dialog', { name: t('account:changePassword.title') })).toBeVisible();
  await capture('change-password', t('account:field.oldPassword'), { overlay: true });
  return owner;
}

/**
 * The console's text for `ns:key.path` in `lang`, {{placeholders}} filled: ns is a console
 * namespace (common, account, legal…) or contract (the contract's messages).
 */
export function text(lang: string, id: string, params: Record<string, string | number> = {}): string {
  const [ns, key] = id.split(':');
  const file =
    ns === 'contract'
      ? `packages/contract/src/locales/${lang}.json`
      : `apps/console/src/locales/${lang}/${ns}.json`;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Messages)?.[part], load(file));
  if (typeof value !== 'string') throw new Error(`No text ${id} in ${lang}`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(params[name] ?? ''));
}

/** A customer made by the system role through the API, its invite opened with PASSWORD. */
export async function createCustomer(request: APIRequestContext, prefix = 'mobile-si') {
  const login = await request.post('/backend/account/login', {
    data: { email: ADMIN.email, password: ADMIN.password, accept_terms: true },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const customer = { email: uniqueEmail(prefix), name: `SI ${prefix} ${Date.now().toString(36)}` };
  const sent = Date.now();
  const made = await request.post('/backend/manager/account/customer', {
    headers: { Authorization: `Bearer ${token}` },
    data: { customer_name: customer.name, email: customer.email, username: 'phone si' },
  });
  expect(await made.json()).toMatchObject({ code: 220000 });
  const link = mailedLink(await latestMail(customer.email, { after: sent }), '/user/active');
  const active = await request.post(`/backend/account/active/${link.searchParams.get('code')}`, {
    data: { password: PASSWORD, confirm_password: PASSWORD },
  });
  expect(await active.json()).toMatchObject({ code: 220000 });
  return customer;
}

/** Another person's browser (its own context and storage): `options` for a phone or a language. */
export async function person(browser: Browser, options: Record<string, unknown> = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  return context.newPage();
}

/**
 * Another browser of the person signed in on `page` (a phone, a second window), at `options`:
 * it holds `page`'s session, as the console keeps it (local storage), so the journey does not sign
 * in again where signing in is not what it shows. Opens at about:blank, on `page`'s server.
 */
export async function sameUser(page: Page, options: Record<string, unknown> = {}): Promise<Page> {
  const baseURL = new URL(page.url()).origin;
  // The console stores a language asked for in the address as it starts: a page still showing its
  // first HTML (already `lang="en"`) would hand over the language stored before.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('language') === document.documentElement.lang))
    .toBe(true);
  const storageState = await page.context().storageState();
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL, ...options, storageState });
  return context.newPage();
}

/**
 * How a screen's browser is set up: `quota`, the storage, in bytes, it gives the screen (as a small
 * screen would have); `prepare`, what runs before the player page loads (a clock the journey
 * controls).
 */
export type ScreenSetup = { quota?: number; prepare?: (screen: Page) => Promise<void> };

/**
 * A player page (1280 × 720) showing its signage ID and PIN, connected; `search` is its launch
 * query (?model=…). With `quota`, Chromium gives the page's origin only that much storage
 * (DevTools' Storage.overrideQuotaForOrigin: writes beyond it fail). Chromium's storage estimate
 * reports a fixed quota whatever the real one (usage + 10 GiB, so that sites cannot tell a private
 * window), so the page's estimate is made to say the quota DevTools set, as browsers that report
 * theirs do; its usage stays the browser's own. `prepare` runs before the page loads.
 */
export async function unpairedScreen(browser: Browser, search = '', { quota, prepare }: ScreenSetup = {}) {
  const screen = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  if (quota !== undefined) {
    const devtools = await screen.context().newCDPSession(screen);
    await devtools.send('Storage.overrideQuotaForOrigin', { origin: baseUrl(), quotaSize: quota });
    await screen.addInitScript((quotaSize) => {
      const estimate = StorageManager.prototype.estimate;
      StorageManager.prototype.estimate = async function (this: StorageManager) {
        return { ...(await estimate.call(this)), quota: quotaSize };
      };
    }, quota);
  }
  await prepare?.(screen);
  await screen.goto(`/player/${search}`);
  await expect(screen.locator('.status-line')).toHaveAttribute('data-status', 'connected');
  const signageId = (await screen.locator('.signage-id').textContent())?.trim() ?? '';
  const pin = (await screen.locator('.pin').textContent())?.trim() ?? '';
  expect(pin).toMatch(/^\d{6}$/);
  return { screen, signageId, pin };
}

/**
 * Starts watching for a notice's words; await it after the action that raises them. A notice lasts
 * 3 s: watching from before the click, a busy machine cannot make the check start after it went.
 */
export function watchNotice(page: Page, words: string): Promise<boolean> {
  return page
    .getByText(words)
    .first()
    .waitFor({ timeout: 15_000 })
    .then(
      () => true,
      () => false,
    );
}

/**
 * Pairs a new player page as `name` from the device list's Add device drawer; answers the screen.
 * `notice`: words the "added" notice must also say (the trial it got); `prepare` as unpairedScreen's.
 */
export async function addScreen(
  page: Page,
  browser: Browser,
  name: string,
  search = '',
  notice?: string,
  setup: ScreenSetup = {},
) {
  const { screen, signageId, pin } = await unpairedScreen(browser, search, setup);
  await page.goto(`/device/list?act=add&signage_id=${signageId}`);
  await page.locator('#deviceName').fill(name);
  await page.locator('#deviceAuthentication').fill(pin);
  const added = [`${name} was added.`, ...(notice === undefined ? [] : [notice])].map((words) =>
    watchNotice(page, words),
  );
  expect(await submit(page, page.locator('#addDeviceFormSubmit'), '/manager/device')).toBe(220000);
  expect(await Promise.all(added), `the notice "${name} was added." ${notice ?? ''}`).toEqual(
    added.map(() => true),
  );
  return screen;
}

/** Uploads files (full paths) from the library page of `type` and waits until each is uploaded. */
export async function uploadContent(page: Page, type: string, files: readonly string[]) {
  await page.goto(`/content/${type}`);
  await page.locator('input[type="file"]').setInputFiles([...files]);
  const panel = page.getByRole('region', { name: 'Uploads' });
  for (const file of files) {
    await expect(
      panel
        .locator('.upload-row')
        .filter({ hasText: path.basename(file) })
        .getByText('Uploaded'),
    ).toBeVisible({
      timeout: 30_000,
    });
  }
  await panel.getByRole('button', { name: 'Close' }).click();
  for (const file of files) {
    await expect(
      page
        .locator('.content-card')
        .filter({ hasText: path.basename(file) })
        .locator('img.content-thumb__image'),
    ).toBeVisible({ timeout: 30_000 });
  }
}
