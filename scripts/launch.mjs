// Starts the real server the way `npm start` does (building what is stale first) on a free
// loopback port, for the Playwright journeys and the benchmarks, and waits until it answers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** A TCP port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Launches `node scripts/start.mjs` with `env` on 127.0.0.1 and `port` (default: a free one; a
 * restart passes the one it had); its output goes to `logFile`. Resolves once /backend/health
 * answers, rejects with the log's tail if it exits or takes longer than `timeoutMs` (a first
 * console build takes a while).
 */
export async function launchServer({ env = {}, logFile, timeoutMs = 300_000, port }) {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, ...env },
    stdio: ['ignore', log, log],
    detached: true, // its own process group: a stop reaches the build and the server too
  });
  fs.closeSync(log);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  // Never leave it behind, whatever way this process ends.
  const orphanGuard = () => signal('SIGKILL');
  process.once('exit', orphanGuard);

  const failure = (why) => {
    signal('SIGKILL');
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    return new Error(`The server ${why} (log: ${logFile}):\n${tail}`);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await Promise.race([exited.then((code) => ({ code })), healthy(url)]);
    if (status === true) break;
    if (typeof status === 'object') throw failure(`exited (${status.code}) before it answered`);
    if (Date.now() > deadline) throw failure(`did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    /** Its starter's PID, also its process group's (the server and its starter): a journey's `kill -9`. */
    pid: child.pid,
    /** kill -9 of the server and its starter, as a crash (bench/cluster's failover). */
    kill: () => signal('SIGKILL'),
    /** SIGTERM (the server shuts down cleanly), SIGKILL after 10 s. */
    async stop() {
      process.off('exit', orphanGuard);
      if (child.exitCode === null && child.signalCode === null) {
        signal('SIGTERM');
        const timer = setTimeout(() => signal('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      signal('SIGKILL'); // anything of the group that outlived start.mjs
    },
  };
}

/** Asks `check` every `everyMs` until it answers true (a throw counts as false); throws after `timeoutMs`. */
export async function until(check, timeoutMs, what, everyMs = 500) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function healthy(url) {
  try {
    const response = await fetch(`${url}/backend/health`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}
