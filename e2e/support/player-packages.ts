import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, unzipSync, zipSync } from 'fflate';

// Browser packages of the player for ota-upgrade.spec.ts, made by the package script
// (docs/ota.md "The browser player's upgrade") and kept between runs: built again only when the
// player or the contract changed since (the newest file there is newer than the packages).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(root, 'node_modules/.cache/vitrine-player-packages');
/** The player's sources a package is built from. */
const SOURCES = [
  'apps/player/src',
  'apps/player/public',
  'apps/player/index.html',
  'apps/player/vite.config.ts',
  'apps/player/scripts',
  'packages/contract/src',
];

/** A good build above the shipped 1.21.14, and one that never comes up (its page runs no player). */
export const GOOD_VERSION = '1.22.0';
export const BROKEN_VERSION = '1.23.0';
export const packageFile = (version: string) => path.join(dir, `vitrine-player-${version}.zip`);

function newest(file: string): number {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((name) => newest(path.join(file, name))));
}

/** Builds the two packages unless they are newer than every source. */
export function buildPlayerPackages(): void {
  const made = [GOOD_VERSION, BROKEN_VERSION].map(packageFile);
  const sources = Math.max(...SOURCES.map((source) => newest(path.join(root, source))));
  if (made.every((file) => fs.existsSync(file) && fs.statSync(file).mtimeMs > sources)) return;
  execFileSync(
    process.execPath,
    ['apps/player/scripts/package.mjs', '--version', GOOD_VERSION, '--out', dir],
    {
      cwd: root,
      stdio: 'ignore',
    },
  );
  // The broken build: the good one whose page loads no player, so it never says it is healthy.
  const files = unzipSync(fs.readFileSync(packageFile(GOOD_VERSION)));
  files['index.html'] = strToU8(
    '<!doctype html><title>Vitrine player</title><p>This build never starts.</p>\n',
  );
  fs.writeFileSync(packageFile(BROKEN_VERSION), zipSync(files));
}
