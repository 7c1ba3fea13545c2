// `npm start`: builds the console, the player and the server when their sources are newer than the
// build, then runs the server (which migrates, creates the first account and serves all on one port).
// With CONSOLE_DIR (PLAYER_DIR) set, that folder is served as it is and the console (player) is not built.
// `--build-only` builds what is stale and exits: before several servers start from one checkout
// together (bench/cluster), which would otherwise each rebuild the same folders at once.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...parts) => path.join(root, ...parts);
const contract = [at('packages/contract/src'), at('packages/contract/package.json')];

const consoleDir = process.env.CONSOLE_DIR;
const playerDir = process.env.PLAYER_DIR;
const builds = [
  {
    name: 'console',
    skip: consoleDir !== undefined,
    output: at('apps/console/dist/index.html'),
    inputs: [
      at('apps/console/src'),
      at('apps/console/index.html'),
      at('apps/console/vite.config.ts'),
      at('apps/console/package.json'),
      ...contract,
    ],
    command: ['npm', ['run', 'build', '-w', 'apps/console']],
  },
  {
    name: 'player',
    skip: playerDir !== undefined,
    output: at('apps/player/dist/index.html'),
    inputs: [
      at('apps/player/src'),
      at('apps/player/public'),
      at('apps/player/index.html'),
      at('apps/player/vite.config.ts'),
      at('apps/player/package.json'),
      ...contract,
    ],
    command: ['npm', ['run', 'build', '-w', 'apps/player']],
  },
  {
    name: 'server',
    output: at('apps/server/dist/main.js'),
    inputs: [at('apps/server/src'), at('apps/server/scripts'), at('apps/server/package.json'), ...contract],
    command: [process.execPath, [at('apps/server/scripts/build.mjs')]],
  },
];

/** Newest modification time under a file or folder (0 when it does not exist). */
function newest(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let time = stat.mtimeMs; // a deleted file shows only as a newer folder
  for (const name of fs.readdirSync(entry)) time = Math.max(time, newest(path.join(entry, name)));
  return time;
}

for (const { name, skip, output, inputs, command } of builds) {
  if (skip) continue;
  const built = newest(output);
  if (built > 0 && inputs.every((input) => newest(input) <= built)) continue;
  console.log(`Building the ${name}…`);
  const [program, args] = command;
  const result = spawnSync(program, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`The ${name} build failed (${result.error?.message ?? `exit code ${result.status}`}).`);
    process.exit(result.status || 1);
  }
}

if (process.argv.includes('--build-only')) process.exit(0);

const env = {
  ...process.env,
  CONSOLE_DIR: consoleDir ?? at('apps/console/dist'),
  PLAYER_DIR: playerDir ?? at('apps/player/dist'),
};
// A young generation of at most 4 MB: uploads arrive in 64 KB socket buffers, hundreds of MB a
// second, which V8 counts as external memory until a scavenge frees them. With its default 16 MB,
// scavenges came too seldom, the buffers piled past V8's 64 MB external-memory mark, and it ran a
// full mark-compact of the whole heap every tenth of a second (bench/upload: 0.58–1.04 of a plain
// upload from run to run; 0.77–0.90 with this).
const server = spawn(
  process.execPath,
  ['--enable-source-maps', '--max-semi-space-size=4', at('apps/server/dist/main.js')],
  {
    env,
    stdio: 'inherit',
  },
);

// The server shuts down cleanly on these; pass them on (a terminal's Ctrl-C reaches it anyway).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));

server.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
