import { defineConfig } from '@playwright/test';

// Journeys in Debian's Chromium (no browser download) against the real server, which
// support/global-setup.ts builds and starts with a fresh database and a real SMTP peer.

/**
 * Journeys that change what every other journey sees: the licence clock, the platform's trial
 * limit and licence counts, the mail server, registration, the role → permission matrix, the
 * player packages and keys of the shared model. They run one at a time once the others are done;
 * the others (each in its own new company, users and screens) may run JOURNEY_WORKERS at a time.
 */
const PLATFORM_WIDE = [
  /\/license[^/]*\.spec\.ts$/,
  /\/dashboard-licence\.spec\.ts$/,
  /\/ota-[^/]*\.spec\.ts$/,
  /\/device-ota[^/]*\.spec\.ts$/,
  /\/settings-(system|mail|brand|model)\.spec\.ts$/,
  /\/team\.spec\.ts$/,
];
/**
 * `npm run e2e` (the CI) runs two at a time, on a two-core machine too: with traces that keep no
 * screenshots (below) one journey at a time left the cores idle a third of the time, and the
 * whole run took 16.7 min with two instead of 32.9 min with one (2026-11-30, same commit).
 * `npx playwright test one.spec.ts` runs one at a time, so that a platform-wide journey runs
 * alone, without every other journey first.
 */
const JOURNEY_WORKERS = Number(process.env.JOURNEY_WORKERS ?? 1);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  workers: JOURNEY_WORKERS,
  // A file's journeys share its people and screens: they stay together, in order.
  fullyParallel: false,
  projects: [
    // cluster.spec.ts runs alone on a cluster of its own: `npm run e2e:cluster` (cluster.config.ts).
    { name: 'journeys', testIgnore: [...PLATFORM_WIDE, /\/cluster\.spec\.ts$/] },
    // After the others only when they run side by side: a project's dependencies run whole, so
    // `playwright test one.spec.ts` would otherwise run every journey first.
    {
      name: 'platform-wide',
      testMatch: PLATFORM_WIDE,
      dependencies: JOURNEY_WORKERS > 1 ? ['journeys'] : [],
      workers: 1,
    },
  ],
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Limits, not goals: two journeys share two cores, so a step may take longer than alone.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    // A failed journey keeps its trace: actions, network and DOM snapshots. Not the screencast: its
    // frames took about half the Chromium and runner CPU of every passing journey (schedules.spec.ts
    // 3.9 min with them, 2.8 min without).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machines have no network beyond loopback: keep Chromium from calling home.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
