import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchServer } from '../../scripts/launch.mjs';
import { ADMIN, ENV_MAIL_DIR, ENV_SMTP_URL, ENV_URL } from './env';
import { startMailbox } from './mailbox';
import { buildPlayerPackages } from './player-packages';

const e2eDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

type Stack = { stop: () => Promise<void> };
declare global {
  // Handed to global-teardown.ts, which runs in this same (runner) process.
  var vitrineE2E: Stack | undefined;
}

/**
 * Builds what is stale and starts the real server (`node scripts/start.mjs`) on a free loopback
 * port with a fresh DATA_DIR and a first system account, sending mail to an SMTP peer of our own.
 * The server's output goes to e2e/test-results/server.log.
 */
export default async function globalSetup() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'));
  const mailbox = await startMailbox(path.join(workDir, 'mail'));
  const stop = async (server?: { stop: () => Promise<void> }) => {
    await server?.stop();
    await mailbox.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  try {
    buildPlayerPackages();
    const server = await launchServer({
      env: {
        DATA_DIR: path.join(workDir, 'data'),
        DATABASE_URL: '', // always the embedded database, even when the caller has one set
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: mailbox.url,
        LOG_LEVEL: 'info',
        // content.spec.ts adds websites and streams served by a test server on this machine.
        CONTENT_HOST_ALLOWLIST: '127.0.0.1,localhost',
        // devices.spec.ts awaits the offline mail: 20 s, not 90, still longer than a reboot's outage.
        OFFLINE_MAIL_AFTER_SECONDS: '20',
        // license.spec.ts moves the licence clock past an expiry (POST /backend/test/clock) and
        // awaits the renewal reminder: the reminders look every 5 s, not every 5 minutes.
        VITRINE_TEST_CLOCK: '1',
        LICENSE_REMIND_PASS_SECONDS: '5',
      },
      logFile: path.join(e2eDir, 'test-results/server.log'),
    });
    process.env[ENV_URL] = server.url;
    process.env[ENV_MAIL_DIR] = mailbox.dir;
    process.env[ENV_SMTP_URL] = mailbox.url;
    globalThis.vitrineE2E = { stop: () => stop(server) };
  } catch (error) {
    await stop();
    throw error;
  }
}
