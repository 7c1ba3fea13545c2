import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

// WCAG 2.2 AA on every screen the journeys visit (issue 29): axe-core runs on the screen each
// time a journey takes a screenshot of it, once per address and language in a test, and a serious
// or critical violation fails the journey with a list a person can read (rule, element, page).
// Every run's counts per screen go to e2e/test-results/axe/<journey file>.jsonl.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const FAILING = new Set(['serious', 'critical']);

const results = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/axe');

/** Addresses + languages already checked, per test. */
const checked = new Map<string, Set<string>>();

/** One line of the counts file: what axe found on one screen. */
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
};

/**
 * Runs axe on what `page` shows now, unless this test already checked this address in this
 * language; records the counts and fails the test (softly: the journey goes on to its end) on
 * serious or critical violations.
 */
export async function checkAccessibility(page: Page): Promise<void> {
  const info = test.info();
  const url = new URL(page.url());
  const lang = (await page.locator('html').getAttribute('lang')) ?? '';
  const width = page.viewportSize()?.width ?? 0;
  const key = `${url.pathname}|${lang}|${width}`;
  const seen = checked.get(info.testId) ?? new Set<string>();
  checked.set(info.testId, seen);
  if (seen.has(key)) return;
  seen.add(key);

  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
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
      failing.push(`  ${impact} ${violation.id}: ${node.target.join(' ')} — ${violation.help}`);
    }
  }
  const line: AxeCount = {
    journey: path.basename(info.file),
    test: info.title,
    page: url.pathname,
    lang,
    width,
    ...count,
    rules,
  };
  fs.mkdirSync(results, { recursive: true });
  fs.appendFileSync(
    path.join(results, `${path.basename(info.file, '.spec.ts')}.jsonl`),
    `${JSON.stringify(line)}\n`,
  );
  expect
    .soft(failing, `axe on ${url.pathname} (${lang}, ${width} px): ${failing.length} serious or critical`)
    .toEqual([]);
}
