import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { afterFile } from './after-file';

/**
 * A whole server on its own database for one test file: PGlite in memory by default, or a fresh
 * database on the PostgreSQL server named by DATABASE_URL (ARCHITECTURE §11: the same suite runs
 * on both). Closed after the file's tests.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: { logger?: object } = {},
): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-test-'));
  const url = await freshDatabaseUrl();
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl: url,
    publicUrl: 'http://vitrine.test',
    logLevel: 'silent',
    runJobs: false,
    // Tests heartbeat by hand (app.serverProcess.beat()): a timer would change the database mid-test.
    heartbeatMs: 0,
    ...overrides,
  };
  const template = inject('pgliteTemplate');
  const loadDataDir = url === 'memory://' && template ? new Blob([fs.readFileSync(template)]) : undefined;
  const database = await openDatabase(url, dataDir, { loadDataDir });
  await database.migrate();
  const app = await buildApp({ config, database, logger: options.logger ?? false });
  await app.ready();
  afterFile(async () => {
    await app.close();
    await database.close();
    await dropDatabase(url);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

/**
 * Another server process on `app`'s database (ARCHITECTURE §1, scale-out: they talk over the bus),
 * for the PostgreSQL pass, with `app`'s configuration but for `overrides` (its own DATA_DIR, as on
 * another machine); closed after the file's tests, before `app`'s database goes.
 */
export async function buildSecondInstance(
  app: FastifyInstance,
  overrides: Partial<Config> = {},
): Promise<FastifyInstance> {
  const config = { ...app.config, ...overrides };
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  const other = await buildApp({ config, database, logger: false });
  await other.ready();
  afterFile(async () => {
    await other.close();
    await database.close();
    if (config.dataDir !== app.config.dataDir) fs.rmSync(config.dataDir, { recursive: true, force: true });
  });
  return other;
}

/**
 * A server on an S3-compatible store (s3rver) and, on PostgreSQL, a second process on its database
 * and store with a DATA_DIR of its own, as on another machine (the embedded database serves one
 * process: `second` is `first` then).
 */
export async function buildStoreInstances() {
  // Loaded here: s3rver is not every test file's to load.
  const { startS3Server } = await import('./s3-server');
  const first = await buildTestApp({ storage: await startS3Server() });
  const second = process.env.DATABASE_URL?.startsWith('postgres')
    ? await buildSecondInstance(first, { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-test-')) })
    : first;
  return { first, second };
}

async function freshDatabaseUrl(): Promise<string> {
  const server = process.env.DATABASE_URL;
  if (!server?.startsWith('postgres')) return 'memory://';
  const name = `vitrine_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  // From the migrated template of global-setup.ts, so the file's migration finds nothing to do.
  const template = inject('postgresTemplate');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(url: string) {
  const server = process.env.DATABASE_URL;
  if (!server?.startsWith('postgres') || url === 'memory://') return;
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  // A pool's end() resolves as its clients begin to close: their sessions go a moment later. A
  // forced drop before that ends them mid-close, and their clients throw where no one listens.
  for (let tries = 0; tries < 50; tries += 1) {
    const { rows } = await admin.query(
      'select count(*)::int as sessions from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0].sessions === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
