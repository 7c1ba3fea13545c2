// Several real servers on one PostgreSQL database as docs/scale-out.md runs them, for bench/cluster
// (and a journey through a cluster): each with its own DATA_DIR and port (as on machines of their
// own), started together (they migrate under the advisory lock), and optionally Debian's nginx in
// front, configured with the doc's own nginx block, the servers trusting it (TRUST_PROXY) and
// naming it as their address (PUBLIC_URL), as the doc says.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, launchServer, until } from './launch.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * Builds what is stale once (`start.mjs --build-only`: servers started from one checkout would
 * each rebuild it at once), then starts `count` servers together with `env` (DATABASE_URL …), each
 * with DATA_DIR `workDir/data-<i>` and its log in `workDir/server-<i>.log`; with `nginx`, nginx in
 * front (startNginx) on a port chosen first, so that the servers' PUBLIC_URL is its address (a
 * browser's socket is checked against it). Answers the servers (url, pid, kill, stop), their logs,
 * the front (null without nginx) and stop(), which stops nginx, then the servers.
 */
export async function launchCluster({ count, env, workDir, nginx = false }) {
  const frontPort = nginx ? await freePort() : null;
  const common = {
    ...(nginx ? { TRUST_PROXY: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${frontPort}` } : {}),
    ...env,
  };
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], {
    env: { ...process.env, ...common },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`the build failed (exit ${build.status})`);
  const logs = Array.from({ length: count }, (_, i) => path.join(workDir, `server-${i + 1}.log`));
  const started = await Promise.allSettled(
    logs.map((logFile, i) =>
      launchServer({ env: { ...common, DATA_DIR: path.join(workDir, `data-${i + 1}`) }, logFile }),
    ),
  );
  const servers = started.filter((one) => one.status === 'fulfilled').map((one) => one.value);
  const stopServers = () => Promise.all(servers.map((server) => server.stop()));
  const failed = started.find((one) => one.status === 'rejected');
  if (failed) {
    await stopServers();
    throw failed.reason;
  }
  let front = null;
  try {
    front = nginx ? await startNginx(workDir, servers, frontPort) : null;
  } catch (error) {
    await stopServers();
    throw error;
  }
  return {
    servers,
    logs,
    front,
    async stop() {
      await front?.stop();
      await stopServers();
    },
  };
}

/**
 * Debian's nginx on loopback `port` in front of `servers`, configured with docs/scale-out.md's
 * nginx block (its upstream's servers, and `listen 443 ssl` made a plain loopback port), an access
 * log of each request's upstream and status, by PID. Each answer names the upstream that gave it
 * (X-Upstream: a journey sees which process took a player's socket). Started as root, its workers
 * run as root too: as nginx's default user (nobody) they could not write request bodies (upload
 * parts) to the temporary folders under `workDir`. Answers its URL and version,
 * upstreamConnections(count): how many connections to the servers `count` health checks opened,
 * each sent on a new client connection (the servers' own sockets, open or in TIME_WAIT, counted
 * before and after); socketsByUpstream(count): the upgraded requests by the upstream that took
 * them, once at least `count` are logged and no more come; and stop.
 */
async function startNginx(workDir, servers, port) {
  const version = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
  if (version.error) throw new Error('--nginx needs nginx (Debian: apt-get install nginx)');
  const doc = fs.readFileSync(path.join(root, 'docs/scale-out.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block?.includes('listen 443 ssl;')) throw new Error("docs/scale-out.md's nginx block was not found");
  const upstreams = servers.map((server) => `server ${new URL(server.url).host};`).join('\n  ');
  const site = block
    .replace(/(server \d+\.\d+\.\d+\.\d+:\d+;\s*)+/, `${upstreams}\n  `)
    .replace('listen 443 ssl;', `listen 127.0.0.1:${port};`);
  const dir = path.join(workDir, 'nginx');
  fs.mkdirSync(path.join(dir, 'temp'), { recursive: true });
  const accessLog = path.join(dir, 'access.log');
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
worker_rlimit_nofile 20000;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 10000; }
http {
  log_format upstreams '$status $upstream_addr';
  access_log ${accessLog} upstreams;
  add_header X-Upstream $upstream_addr always;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
${site}}
`,
  );
  const child = spawn('nginx', ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const health = () =>
    fetch(`${url}/backend/health`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok);
  await Promise.race([
    until(health, 30_000, 'nginx to answer', 100),
    exited.then(() => {
      throw new Error(`nginx exited:\n${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    }),
  ]);
  const ports = new Set(servers.map((server) => Number(new URL(server.url).port)));
  /** The servers' sockets, connected or in TIME_WAIT (/proc/net/tcp: local port, state 01 or 06). */
  const serverSockets = () =>
    fs
      .readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter(
        (f) =>
          f.length > 3 && ports.has(Number.parseInt(f[1].split(':')[1], 16)) && ['01', '06'].includes(f[3]),
      ).length;
  return {
    url,
    version: version.stderr.trim().replace(/^nginx version: nginx\//, ''),
    async upstreamConnections(count) {
      const before = serverSockets();
      for (let i = 0; i < count; i++) {
        await new Promise((resolve, reject) => {
          http
            .get(`${url}/backend/health`, { agent: false }, (response) =>
              response.resume().on('end', resolve),
            )
            .on('error', reject);
        });
      }
      return serverSockets() - before;
    },
    async socketsByUpstream(count) {
      const upgraded = () =>
        fs
          .readFileSync(accessLog, 'utf8')
          .split('\n')
          .filter((line) => line.startsWith('101 '))
          .map((line) => line.split(' ').at(-1)); // the one that answered, after any that failed
      await until(async () => upgraded().length >= count, 30_000, 'nginx to log the sockets', 100);
      // …and the ones logged after those, until the log stops growing.
      let logged = 0;
      await until(
        async () => {
          const before = logged;
          logged = upgraded().length;
          return logged === before;
        },
        30_000,
        'nginx to finish logging the sockets',
        300,
      );
      const split = new Map();
      for (const upstream of upgraded()) split.set(upstream, (split.get(upstream) ?? 0) + 1);
      return split;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
