// First: before the server starts (the module says why).
import './platform/tick-maps';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureSystemAccount, firstLoginBanner } from './platform/bootstrap';
import { DataDirLockedError, lockDataDir } from './platform/data-lock';

// `npm start` runs this: migrate, create the first account on an empty database, serve, and
// shut down cleanly on SIGINT/SIGTERM.
const config = loadConfig();
fs.mkdirSync(config.dataDir, { recursive: true });
// The embedded database is one process's: refuse before opening it while another server holds it.
try {
  if (config.databaseUrl === undefined) lockDataDir(config.dataDir);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const database = await openDatabase(config.databaseUrl, config.dataDir);
await database.migrate();
// The log's own stream (asynchronous, as Fastify's default): the first login is written through it
// too, so it comes after the start-up lines instead of between them.
const logStream = pino.destination({ dest: 1, sync: false });
const app = await buildApp({
  config,
  database,
  checkResponses: false,
  logger: { level: config.logLevel, stream: logStream },
});

const created = await ensureSystemAccount(database.db, config, app.log);
// A restarting fleet reconnects at once: a listen queue deeper than Node's 511 (the kernel caps it
// at net.core.somaxconn) keeps those connections from being dropped before they are accepted.
await app.listen({ port: config.port, host: config.host, backlog: 4096 });
logStream.write(
  `Vitrine ${app.config.publicUrl} (data in ${path.relative(process.cwd(), config.dataDir) || '.'}, database: ${database.kind})\n`,
);
if (created) logStream.write(`${firstLoginBanner(created)}\n`);

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
