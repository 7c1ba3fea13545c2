// Builds a browser package of the player (docs/ota.md "The browser player's upgrade"): the player
// built with a relative base and the given version, zipped, ready to upload at /ota/package.
//
//   npm run package -w apps/player -- --version 1.22.0 [--out dir]
//
// Prints the zip's path and its MD5 (the code to enter with the upload).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';
import { build } from 'vite';

const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;
const root = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({ options: { version: { type: 'string' }, out: { type: 'string' } } });
if (!values.version || !VERSION.test(values.version)) {
  console.error('Usage: npm run package -w apps/player -- --version MAJOR.MINOR.PATCH[-pre] [--out dir]');
  process.exit(2);
}
const version = values.version;
const out = path.resolve(values.out ?? path.join(root, 'packages'));
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-player-package-'));

try {
  // Read by vite.config.ts: the build reports this version as its system_version.
  process.env.VITRINE_PLAYER_VERSION = version;
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    // Relative: the build runs from wherever the screen keeps it (/player/v/<version>/).
    base: './',
    logLevel: 'warn',
    build: { outDir: dist, emptyOutDir: true },
  });
  const files = {};
  for (const name of fs.readdirSync(dist, { recursive: true })) {
    const file = path.join(dist, name);
    if (fs.statSync(file).isFile()) files[name.split(path.sep).join('/')] = fs.readFileSync(file);
  }
  const zip = zipSync(files, { level: 9 });
  fs.mkdirSync(out, { recursive: true });
  const target = path.join(out, `vitrine-player-${version}.zip`);
  fs.writeFileSync(target, zip);
  console.log(target);
  console.log(createHash('md5').update(zip).digest('hex'));
} finally {
  fs.rmSync(dist, { recursive: true, force: true });
}
