import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, test as base, type Page } from '@playwright/test';
import { checkAccessibility } from './axe';
import { baseUrl } from './env';

// What a journey imports: `test` (page.goto('/login') goes to the server that global setup
// started), the admin account, the mailbox and screenshots.
export { expect } from '@playwright/test';
export { ADMIN, baseUrl } from './env';
export { allMail, latestMail, linksIn, type Mail } from './mailbox';

// Contexts a serial journey shares between its tests (closed by the journey itself).
const shared = new WeakSet<BrowserContext>();

/** Keeps `context` open past the end of the test that opened it, for the next tests of a serial journey. */
export function keepOpen(context: BrowserContext): void {
  shared.add(context);
}

export const test = base.extend<{ closeContexts: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture uses from its parameters
  baseURL: async ({}, use) => use(baseUrl()),
  // The browser lives as long as the worker: the contexts a journey opens itself (a second user,
  // player screens) are closed when it ends, or their players would go on playing, polling and
  // holding sockets through every later journey, slowing the machine for them.
  closeContexts: [
    async ({ browser, context }, use) => {
      const kept = new Set([...browser.contexts(), context]);
      await use(undefined);
      const opened = browser.contexts().filter((other) => !kept.has(other) && !shared.has(other));
      await Promise.all(opened.map((other) => other.close()));
    },
    { auto: true },
  ],
});

const screenshots = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'screenshots');

/** Saves e2e/screenshots/<name>.png (the whole page) for a person to look at; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(screenshots, `${name}.png`);
  await checkAccessibility(page);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Moves the server's licence clock `ms` ahead of the real time (0: back to it); licence expiry,
 * trials, renewal reminders and OTA plans' times follow it (apps/server/src/platform/clock.ts). A journey that
 * moves it puts it back before it ends.
 */
export async function setLicenceClock(ms: number): Promise<void> {
  const response = await fetch(`${baseUrl()}/backend/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offset_ms: ms }),
  });
  if (!response.ok) throw new Error(`the test clock answered ${response.status}`);
}
