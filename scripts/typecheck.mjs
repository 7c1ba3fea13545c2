// `npm run typecheck`: the type check of every project, two at a time (each `tsc` uses one core;
// the machines have two). Largest first, so the two lanes end together. Each project's output is
// printed whole when it ends, with its time; the exit code is 1 when any project failed.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PROJECTS = ['apps/console', 'apps/server', 'e2e', 'apps/player', 'packages/contract'];
const LANES = Math.max(1, Math.min(2, os.availableParallelism()));
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${output}tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

const waiting = [...PROJECTS];
let failed = false;
async function lane() {
  for (let project = waiting.shift(); project; project = waiting.shift()) {
    if (!(await check(project))) failed = true;
  }
}
await Promise.all(Array.from({ length: LANES }, lane));
process.exitCode = failed ? 1 : 0;
