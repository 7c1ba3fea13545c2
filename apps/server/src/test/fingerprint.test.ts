import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../db/schema';
import { buildTestApp } from './app';
import { buildCompany, buildUser } from './factories';
import { databaseFingerprint } from './fingerprint';

describe('database fingerprint', () => {
  it('is the same while nothing changes, and differs after any insert, update or delete', async () => {
    const app = await buildTestApp();
    const first = await databaseFingerprint(app.db);
    expect(await databaseFingerprint(app.db)).toBe(first);
    const { company } = await buildCompany(app, 'Before');
    const inserted = await databaseFingerprint(app.db);
    expect(inserted).not.toBe(first);
    await app.db.update(companies).set({ name: 'After' }).where(eq(companies.id, company.id));
    const updated = await databaseFingerprint(app.db);
    expect(updated).not.toBe(inserted);
    await app.db.delete(companies).where(eq(companies.id, company.id));
    expect(await databaseFingerprint(app.db)).not.toBe(updated);
  });

  it('leaves out the tables it is told to skip, and only those', async () => {
    const app = await buildTestApp();
    const before = await databaseFingerprint(app.db, ['users']);
    await buildUser(app);
    expect(await databaseFingerprint(app.db, ['users'])).not.toBe(before); // its company is new
    const skipped = await databaseFingerprint(app.db, ['users', 'companies', 'workspaces']);
    await buildUser(app, { companyId: null });
    expect(await databaseFingerprint(app.db, ['users', 'companies', 'workspaces'])).toBe(skipped);
  });
});
