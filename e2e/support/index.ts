import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, type Page } from '@playwright/test';
import { baseUrl } from './env';

// What a journey imports: `test` (page.goto('/login') goes to the server that global setup
// started), the admin account, the mailbox and screenshots.
export { expect } from '@playwright/test';
export { ADMIN, baseUrl } from './env';
export { allMail, latestMail, linksIn, type Mail } from './mailbox';

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture uses from its parameters
  baseURL: async ({}, use) => use(baseUrl()),
});

const screenshots = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'screenshots');

/** Saves e2e/screenshots/<name>.png (the whole page) for a person to look at; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(screenshots, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Moves the server's licence clock `ms` ahead of the real time (0: back to it); licence expiry,
 * trials and renewal reminders follow it (apps/server/src/platform/clock.ts). A journey that
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
