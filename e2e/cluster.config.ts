import { defineConfig } from '@playwright/test';
import journeys from './playwright.config';

// `npm run e2e:cluster`: the one journey through a real cluster (cluster.spec.ts), with the
// journeys' browser and limits but a stack of its own (support/cluster-setup.ts: PostgreSQL 15,
// s3rver, two Vitrine processes, nginx in front). One worker: it kills one of the processes.

export default defineConfig({
  ...journeys,
  testMatch: 'cluster.spec.ts',
  outputDir: 'test-results/cluster',
  globalSetup: './support/cluster-setup.ts',
  // The setup answers its own teardown.
  globalTeardown: undefined,
  workers: 1,
  projects: [{ name: 'cluster' }],
});
