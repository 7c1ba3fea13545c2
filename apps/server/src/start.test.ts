import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// `npm start` as an operator runs it, with a stand-in server: the repository's start script and
// launcher are copied into a folder whose built server is a small HTTP server, so nothing is built.
const repo = fileURLToPath(new URL('../../..', import.meta.url));

const FAKE_SERVER = `
import fs from 'node:fs';
import http from 'node:http';
const server = http.createServer((_request, response) => response.end('ok'));
server.listen(Number(process.env.PORT), '127.0.0.1', () => {
  fs.writeFileSync(process.env.PID_FILE, String(process.pid));
  console.log('listening');
});
process.on('SIGTERM', () => {
  fs.writeFileSync(process.env.SIGNAL_FILE, 'SIGTERM');
  server.close(() => process.exit(Number(process.env.EXIT_CODE ?? 0)));
});
`;

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-start-'));
  const { scripts } = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  fs.writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'start-test', private: true, scripts: { start: scripts.start } }),
  );
  fs.mkdirSync(path.join(root, 'scripts'));
  fs.copyFileSync(path.join(repo, 'scripts/start.mjs'), path.join(root, 'scripts/start.mjs'));
  fs.mkdirSync(path.join(root, 'apps/server/dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'apps/server/dist/main.js'), FAKE_SERVER);
  fs.mkdirSync(path.join(root, 'built'));
});
afterEach(() => {
  // A launcher that failed to pass the signal on leaves its server behind: never keep it.
  try {
    process.kill(Number(fs.readFileSync(path.join(root, 'pid'), 'utf8')), 'SIGKILL');
  } catch {
    // gone, as it should be
  }
  fs.rmSync(root, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() !== undefined));
    socket.once('error', () => resolve(false));
  });

async function start(env: Record<string, string> = {}) {
  const port = await freePort();
  const built = path.join(root, 'built');
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      CONSOLE_DIR: built,
      PLAYER_DIR: built,
      SIGNAL_FILE: path.join(root, 'signal'),
      PID_FILE: path.join(root, 'pid'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk) => String(chunk).includes('listening') && resolve()),
  );
  return { child, port, exited };
}

describe('npm start', () => {
  it('stops the server on SIGTERM to npm, waits for it, and exits with its code', async () => {
    const { child, port, exited } = await start();
    expect(await answers(port)).toBe(true);
    child.kill('SIGTERM'); // npm only: a supervisor signals the process it launched
    const [code] = await exited;
    expect(code).toBe(0);
    expect(fs.readFileSync(path.join(root, 'signal'), 'utf8')).toBe('SIGTERM');
    expect(await answers(port)).toBe(false);
  });

  it('with --build-only, exits once the build is current, without starting the server', async () => {
    const built = path.join(root, 'built');
    const child = spawn(process.execPath, ['scripts/start.mjs', '--build-only'], {
      cwd: root,
      env: { ...process.env, CONSOLE_DIR: built, PLAYER_DIR: built, PID_FILE: path.join(root, 'pid') },
      stdio: 'inherit',
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(root, 'pid'))).toBe(false);
  });

  it('exits with the code the server stopped with', async () => {
    const { child, exited } = await start({ EXIT_CODE: '3' });
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(3);
  });
});
