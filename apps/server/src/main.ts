// First: before the server starts (the module says why).
import './platform/tick-maps';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureSystemAccount } from './platform/bootstrap';

// `npm start` runs this: migrate, create the first account on an empty database, serve, and
// shut down cleanly on SIGINT/SIGTERM.
const config = loadConfig();
fs.mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase(config.databaseUrl, config.dataDir);
await database.migrate();
const app = await buildApp({ config, database, checkResponses: false });

const created = await ensureSystemAccount(database.db, config, app.log);
if (created) {
  const lines = [
    '',
    '  Vitrine is ready. Log in as the system administrator:',
    `    email:    ${created.email}`,
    created.printed
      ? `    password: ${created.password}   (shown once: write it down)`
      : '    password: the ADMIN_PASSWORD you set',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

// A restarting fleet reconnects at once: a listen queue deeper than Node's 511 (the kernel caps it
// at net.core.somaxconn) keeps those connections from being dropped before they are accepted.
await app.listen({ port: config.port, host: config.host, backlog: 4096 });
process.stdout.write(
  `Vitrine ${app.config.publicUrl} (data in ${path.relative(process.cwd(), config.dataDir) || '.'}, database: ${database.kind})\n`,
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  await app.close();
  await database.close();
  clearTimeout(timer);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
