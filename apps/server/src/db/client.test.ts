import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client';

// docs/scale-out.md: any number of processes may start at once on an empty database.

describe.runIf(process.env.DATABASE_URL?.startsWith('postgres'))('migrations on a PostgreSQL server', () => {
  it('run once when several processes start together on an empty database', async () => {
    const server = process.env.DATABASE_URL as string;
    const name = `vitrine_race_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await admin(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const processes = await Promise.all([1, 2, 3].map(() => openDatabase(url.toString(), os.tmpdir())));
    try {
      await Promise.all(processes.map((database) => database.migrate()));
      const applied = rowsOf<{ count: string }>(
        await processes[0].db.execute(sql`select count(*) from drizzle.__drizzle_migrations`),
      );
      const files = rowsOf<{ count: string }>(
        await processes[0].db.execute(sql`select count(distinct hash) from drizzle.__drizzle_migrations`),
      );
      expect(Number(applied[0].count)).toBeGreaterThan(30);
      expect(applied[0].count).toBe(files[0].count);
    } finally {
      await Promise.all(processes.map((database) => database.close()));
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
