import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    postgresTemplate: string | null;
  }
}

/**
 * PGlite runs initdb on every start (about 15 s here); loading a dumped data directory takes under
 * 2 s. So the embedded-database run migrates one template once and every test file starts from it.
 * On a PostgreSQL server, likewise: one migrated database that each file's database is copied from.
 */
export default async function setup(project: TestProject) {
  const server = process.env.DATABASE_URL;
  if (server?.startsWith('postgres')) {
    project.provide('pgliteTemplate', null);
    return postgresTemplate(project, server);
  }
  project.provide('postgresTemplate', null);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-template-'));
  const database = await openDatabase('memory://', dir);
  await database.migrate();
  const pglite = (database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } })
    .$client;
  const blob = await pglite.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, server: string) {
  const name = `vitrine_template_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString(), os.tmpdir());
  await database.migrate();
  // Copying a database needs it to have no connections.
  await database.close();
  project.provide('postgresTemplate', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
