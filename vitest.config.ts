import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { contractMessageParts } from './apps/console/scripts/contract-message-parts.ts';

const consoleTest = {
  root: 'apps/console',
  include: ['src/**/*.test.{ts,tsx}'],
  environment: 'happy-dom',
  setupFiles: ['src/test/setup.ts'],
  // The first render of a lazy page compiles it in the runner: slow on a busy 2-core machine.
  testTimeout: 20_000,
};
const consoleDir = fileURLToPath(new URL('apps/console/', import.meta.url));
/** The console's test files that mock a module, as paths under apps/console. */
const consoleFilesMocking = (fs.readdirSync(path.join(consoleDir, 'src'), { recursive: true }) as string[])
  .map((file) => path.join('src', file))
  .filter(
    (file) =>
      /\.test\.tsx?$/.test(file) &&
      /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(consoleDir, file), 'utf8')),
  );

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
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [contractMessageParts()],
        test: {
          ...consoleTest,
          name: 'console',
          exclude: [...configDefaults.exclude, ...consoleFilesMocking],
          // One worker imports React, Ant Design and the pages once for all the files it runs, not
          // once per file (about five times faster); src/test/setup.ts puts back between files
          // what a file may leave behind.
          isolate: false,
        },
      },
      {
        plugins: [contractMessageParts()],
        // vi.mock replaces a module for the whole worker, and misses one another file already
        // imported: the files that mock run each in a fresh module graph.
        test: { ...consoleTest, name: 'console-mocking', include: consoleFilesMocking },
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
