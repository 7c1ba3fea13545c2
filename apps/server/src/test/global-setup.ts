import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
  }
}

/**
 * PGlite runs initdb on every start (about 15 s here); loading a dumped data directory takes under
 * 2 s. So the embedded-database run migrates one template once and every test file starts from it.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL?.startsWith('postgres')) {
    project.provide('pgliteTemplate', null);
    return;
  }
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
