// The baselines' bare server: a Fastify server with one route, GET /bare, that returns a fixed
// JSON (the body given in BARE_BODY), no plugins, no logging (bench/api; bench/publish's bare
// fetch round, with the manifest as the body). For bench/publish's bare broadcast it also holds
// WebSocket clients at /bare/socket (`ws`, the library under the real server's player sockets,
// with the same 64 KiB maxPayload), and POST /bare/broadcast sends BARE_MESSAGE to every one of
// them and answers how many. Run as a script it prints its port once it listens; startBare forks
// it for a bench.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { WebSocketServer } from 'ws';

const self = fileURLToPath(import.meta.url);

if (process.argv[1] === self) {
  const body = JSON.parse(process.env.BARE_BODY ?? '{"code":220000,"msg":"success","data":null}');
  const message = process.env.BARE_MESSAGE ?? '';
  const app = Fastify({ logger: false });
  const sockets = new WebSocketServer({ server: app.server, path: '/bare/socket', maxPayload: 64 * 1024 });
  app.get('/bare', async () => body);
  app.post('/bare/broadcast', async () => {
    for (const socket of sockets.clients) socket.send(message);
    return { sent: sockets.clients.size };
  });
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);
  process.on('SIGTERM', () => {
    for (const socket of sockets.clients) socket.terminate();
    app.close().then(() => process.exit(0));
  });
}

/** Starts the bare server in a child process with `env` (BARE_BODY, BARE_MESSAGE); answers its port and stop. */
export const startBare = (env) => startListening(self, env, 'the bare server');

/**
 * Starts `script`, a baseline's server that prints {port} once it listens (this one,
 * bare-upload-server.mjs), in a child process with `env`; answers its port and stop.
 */
export function startListening(script, env, name) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited (${code})`)));
    readline.createInterface({ input: child.stdout }).once('line', (line) => {
      resolve({
        port: JSON.parse(line).port,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
