import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchCluster } from '../../scripts/cluster.mjs';
import { freePort } from '../../scripts/launch.mjs';
import { startS3Store } from '../../scripts/s3.mjs';
import { ADMIN, type ClusterProcess, ENV_CLUSTER, ENV_MAIL_DIR, ENV_SMTP_URL, ENV_URL } from './env';
import { startMailbox } from './mailbox';

// The cluster journey's global setup (cluster.config.ts): a real cluster as docs/scale-out.md
// builds one. PostgreSQL 15 (.ci/postgres.sh, on a free port and a state file of its own, so it
// never meets the test suite's server on 55432), s3rver as the media store (scripts/s3.mjs: it
// runs from npm, nothing to download), two Vitrine processes each with its own DATA_DIR, and
// Debian's nginx in front with the doc's own configuration (scripts/cluster.mjs), plus the
// journeys' mailbox. The journey reaches the cluster through nginx only (VITRINE_E2E_URL); the
// processes' addresses, PIDs and logs are in VITRINE_E2E_CLUSTER, for it to check and to kill one.

const e2eDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const root = path.dirname(e2eDir);
/** Where the processes' and nginx's logs are kept after the run (inside the config's outputDir). */
const LOGS = path.join(e2eDir, 'test-results/cluster');

type Stop = () => unknown;

/** `.ci/postgres.sh start|stop` with this run's port and state file. */
function postgres(command: 'start' | 'stop', env: Record<string, string>) {
  const run = spawnSync('bash', [path.join(root, '.ci/postgres.sh'), command], {
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`.ci/postgres.sh ${command} failed (exit ${run.status})`);
}

/** Starts the cluster; answers the teardown, which stops what it started (last first) and keeps the logs. */
export default async function clusterSetup(): Promise<() => Promise<void>> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-cluster-'));
  const stops: Stop[] = [() => fs.rmSync(workDir, { recursive: true, force: true })];
  const teardown = async () => {
    for (let stop = stops.pop(); stop; stop = stops.pop()) await stop();
  };
  try {
    const port = await freePort();
    const pg = { VITRINE_PG_PORT: String(port), VITRINE_PG_STATE: path.join(workDir, 'postgres.state') };
    postgres('start', pg);
    stops.push(() => postgres('stop', pg));
    const store = await startS3Store({
      directory: path.join(workDir, 's3'),
      bucket: 'vitrine',
      prefix: 'cluster',
    });
    stops.push(store.stop);
    const mailbox = await startMailbox(path.join(workDir, 'mail'));
    stops.push(mailbox.stop);
    const cluster = await launchCluster({
      count: 2,
      nginx: true,
      workDir,
      env: {
        DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
        ...store.env,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: mailbox.url,
        // A line per request: the journey reads which process took each upload part.
        LOG_LEVEL: 'info',
      },
    });
    stops.push(async () => {
      await cluster.stop();
      fs.mkdirSync(LOGS, { recursive: true });
      for (const log of [
        ...cluster.logs,
        path.join(workDir, 'nginx/access.log'),
        path.join(workDir, 'nginx/error.log'),
      ])
        if (fs.existsSync(log)) fs.copyFileSync(log, path.join(LOGS, path.basename(log)));
    });
    const processes: ClusterProcess[] = cluster.servers.map((server, index) => ({
      url: server.url,
      pid: server.pid,
      log: cluster.logs[index],
    }));
    process.env[ENV_URL] = cluster.front.url;
    process.env[ENV_CLUSTER] = JSON.stringify(processes);
    process.env[ENV_MAIL_DIR] = mailbox.dir;
    process.env[ENV_SMTP_URL] = mailbox.url;
    console.log(
      `cluster: nginx ${cluster.front.version} at ${cluster.front.url} in front of ${processes.map((one) => one.url).join(' and ')} (PostgreSQL on ${port}, s3rver at ${store.endpoint})`,
    );
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
