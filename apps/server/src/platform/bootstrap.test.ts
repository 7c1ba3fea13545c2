import { Role } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { afterFile } from '../test/after-file';
import { buildTestApp } from '../test/app';
import { ensureSystemAccount, firstLoginBanner } from './bootstrap';

describe('the first system account', () => {
  it('is created once when several processes start together on an empty database', async () => {
    const app = await buildTestApp({ adminEmail: 'First@Vitrine.test', adminPassword: 'Chosen#pass1' });
    // On PostgreSQL each "process" its own connections; PGlite is one process's only (the lock is
    // taken all the same, on its one connection).
    const others =
      app.database.kind === 'postgres'
        ? await Promise.all([1, 2].map(() => openDatabase(app.config.databaseUrl, app.config.dataDir)))
        : [];
    afterFile(() => Promise.all(others.map((other) => other.close())).then(() => undefined));
    const dbs = others.length > 0 ? [app.db, ...others.map((other) => other.db)] : [app.db, app.db, app.db];

    const created = await Promise.all(dbs.map((db) => ensureSystemAccount(db, app.config, app.log)));

    expect(created.filter(Boolean)).toEqual([
      { email: 'first@vitrine.test', password: 'Chosen#pass1', printed: false },
    ]);
    const rows = await app.db.select({ email: users.email, role: users.roleId }).from(users);
    expect(rows).toEqual([{ email: 'first@vitrine.test', role: Role.system }]);
  });
});

describe('first login banner', () => {
  it('frames the login in one block that stands apart from the JSON log lines', () => {
    const banner = firstLoginBanner({ email: 'admin@vitrine.local', password: 'Xq3abc-7a', printed: true });
    const lines = banner.split('\n');
    expect(lines[0]).toBe(''); // a blank line before the frame
    const frame = lines.slice(1, -1);
    expect(frame[0]).toMatch(/^\+-+\+$/);
    expect(frame.at(-1)).toBe(frame[0]);
    expect(new Set(frame.map((line) => line.length)).size).toBe(1); // every line as wide
    expect(frame.slice(1, -1).every((line) => line.startsWith('| ') && line.endsWith(' |'))).toBe(true);
    expect(banner).toContain('email:    admin@vitrine.local');
    expect(banner).toContain('password: Xq3abc-7a   (shown once: write it down)');
    expect(lines.some((line) => line.startsWith('{'))).toBe(false);
  });

  it('never prints a password that was set in the environment', () => {
    const banner = firstLoginBanner({ email: 'ops@example.com', password: 'Chosen#pass1', printed: false });
    expect(banner).not.toContain('Chosen#pass1');
    expect(banner).toContain('the ADMIN_PASSWORD you set');
  });
});
