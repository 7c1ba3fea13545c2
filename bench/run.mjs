// `npm run bench [-- --short]`: every benchmark, one process each, in turn. They print figures
// against a baseline measured in the same run; none is a pass/fail timing test. A benchmark that
// cannot run (its server did not start, requests failed) fails the run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCHMARKS = [
  'api.mjs',
  'team.mjs',
  'dashboard.mjs',
  'license.mjs',
  'fleet.mjs',
  'publish.mjs',
  'upload.mjs',
  'player.mjs',
  'wall.mjs',
  'brand.mjs',
  'sensor.mjs',
  'cluster.mjs',
];
// Left out of the short run (the CI's): wall.mjs takes about three minutes even with --short (four
// browser players: 20 s online, a reload, 10 s offline, after the build and the upload);
// sensor.mjs takes about a minute even with --short (a server, a player, a second per tap);
// cluster.mjs about 25 s (two servers started on an empty database, a fleet connecting to each).
const NOT_SHORT = new Set(['wall.mjs', 'sensor.mjs', 'cluster.mjs']);

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let failed = 0;
const short = args.includes('--short');
for (const name of BENCHMARKS.filter((one) => !(short && NOT_SHORT.has(one)))) {
  console.log(`bench/${name}${args.length ? ` ${args.join(' ')}` : ''}`);
  const started = Date.now();
  const { status } = spawnSync(process.execPath, [path.join(here, name), ...args], { stdio: 'inherit' });
  console.log(
    `bench/${name}: ${status === 0 ? 'done' : `FAILED (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
