import { defineConfig } from 'vitest/config';
import { contractMessageParts } from './apps/console/scripts/contract-message-parts.ts';

// One run covers every workspace: pure rules, the server on a real database, console and player logic.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on the 2-core machines,
    // where tests wait on subprocesses (ffmpeg, LibreOffice), sockets and timers much of the time.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [contractMessageParts()],
        test: {
          name: 'console',
          root: 'apps/console',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test/setup.ts'],
          // The first render of a lazy page compiles it in the runner: slow on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'player',
          root: 'apps/player',
          include: ['src/**/*.test.ts'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
