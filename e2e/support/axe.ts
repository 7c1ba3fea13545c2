import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

// WCAG 2.2 AA on every screen the journeys visit (issue 29): axe-core runs on the screen when a
// journey takes a screenshot of it, once per address pattern (/device/:id), language and width in
// a run, and a serious or critical violation fails the journey with a list a person can read
// (rule, element, what axe measured, page). Every check's counts and time go to
// e2e/test-results/axe/<journey file>.jsonl.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const FAILING = new Set(['serious', 'critical']);

const results = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/axe');
/** One empty file per screen checked in this run (Playwright empties test-results at its start). */
const checked = path.join(results, 'checked');

/** One line of the counts file: what axe found on one screen, and how long it took. */
export type AxeCount = {
  journey: string;
  test: string;
  page: string;
  lang: string;
  width: number;
  serious: number;
  critical: number;
  other: number;
  rules: Record<string, number>;
  ms: number;
};

/** The address with its ids as `:id` (numbers, UUIDs, long hex keys): one page, whichever item. */
export const addressPattern = (pathname: string) =>
  pathname
    .split('/')
    .map((part) => (/^\d+$/.test(part) || /^[0-9a-f-]{16,}$/i.test(part) ? ':id' : part))
    .join('/');

/** True the first time in this run, across the workers (an exclusive create is atomic). */
function firstTime(key: string): boolean {
  fs.mkdirSync(checked, { recursive: true });
  const name = createHash('sha1').update(key).digest('hex');
  try {
    fs.closeSync(fs.openSync(path.join(checked, name), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Waits (at most 2 s) for what is fading or sliding in or out — a notice, a drawer, a menu — to
 * finish, so that axe measures its colours as the user reads them, not half-transparent. A notice
 * just added starts its animation a frame or two later, so the page is settled only when two
 * frames pass with nothing finite running. Endless animations (spinners) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = performance.now() + 2000;
    const twoFrames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (;;) {
      await twoFrames();
      const ending = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
      const left = deadline - performance.now();
      if (ending.length === 0 || left <= 0) return;
      await Promise.race([
        Promise.all(ending.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
    }
  });
}

/**
 * Runs axe on what `page` shows now, unless this run already checked this address pattern in this
 * language and width; records the counts and fails the test (softly: the journey goes on to its
 * end) on serious or critical violations.
 */
export async function checkAccessibility(page: Page): Promise<void> {
  const info = test.info();
  const url = new URL(page.url());
  const lang = (await page.locator('html').getAttribute('lang')) ?? '';
  const width = page.viewportSize()?.width ?? 0;
  const pattern = addressPattern(url.pathname);
  if (!firstTime(`${pattern}|${lang}|${width}`)) return;

  await settleAnimations(page);
  // Held still while axe reads the colours: a notice whose time runs out mid-check would otherwise
  // be measured half-faded (its leaving animation stays at its first, opaque frame).
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Animation.enable');
  await devtools.send('Animation.setPlaybackRate', { playbackRate: 0 });
  const started = performance.now();
  // Only the violations in full: axe skips writing out what passed (a third of its time). One
  // axe.run in the page (axe reaches its same-origin frames itself): the default's per-frame
  // runs are put together in a blank page opened for each check, which cost more than the check.
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze()
    .finally(async () => {
      await devtools.send('Animation.setPlaybackRate', { playbackRate: 1 });
      await devtools.detach();
    });
  const ms = Math.round(performance.now() - started);
  const rules: Record<string, number> = {};
  const count = { serious: 0, critical: 0, other: 0 };
  const failing: string[] = [];
  for (const violation of violations) {
    rules[violation.id] = violation.nodes.length;
    const impact = violation.impact ?? 'minor';
    if (impact === 'serious' || impact === 'critical') count[impact] += violation.nodes.length;
    else count.other += violation.nodes.length;
    if (!FAILING.has(impact)) continue;
    for (const node of violation.nodes) {
      // What axe measured (a contrast's colours and ratio, the missing name), else the rule's help.
      const detail = [...node.any, ...node.all, ...node.none][0]?.message ?? violation.help;
      failing.push(`  ${impact} ${violation.id}: ${node.target.join(' ')} — ${detail}`);
    }
  }
  const line: AxeCount = {
    journey: path.basename(info.file),
    test: info.title,
    page: pattern,
    lang,
    width,
    ...count,
    rules,
    ms,
  };
  fs.appendFileSync(
    path.join(results, `${path.basename(info.file, '.spec.ts')}.jsonl`),
    `${JSON.stringify(line)}\n`,
  );
  expect
    .soft(failing, `axe on ${url.pathname} (${lang}, ${width} px): ${failing.length} serious or critical`)
    .toEqual([]);
}
