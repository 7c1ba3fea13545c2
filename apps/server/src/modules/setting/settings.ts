import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

// The settings table holds key → JSON value per scope: system (id 0), customer, company or user.

export type SettingScope = { scope: 'system' | 'customer' | 'company' | 'user'; id: number };
export type SettingRow = { scope: string; scopeId: number; key: string; value: unknown };

export const SYSTEM_SCOPE: SettingScope = { scope: 'system', id: 0 };

/** The values of `keys` in each of `scopes`, in one query. */
export async function readSettings(db: Db, scopes: SettingScope[], keys: string[]): Promise<SettingRow[]> {
  if (scopes.length === 0 || keys.length === 0) return [];
  return db
    .select({ scope: settings.scope, scopeId: settings.scopeId, key: settings.key, value: settings.value })
    .from(settings)
    .where(
      and(
        inArray(settings.key, keys),
        or(...scopes.map((s) => and(eq(settings.scope, s.scope), eq(settings.scopeId, s.id)))),
      ),
    );
}

/** The value of `key` from the first scope that has it. */
export function firstValue(rows: SettingRow[], scopes: SettingScope[], key: string): unknown {
  for (const s of scopes) {
    const row = rows.find((r) => r.key === key && r.scope === s.scope && r.scopeId === s.id);
    if (row) return row.value;
  }
  return undefined;
}

/** Saves a value, or removes it when null (the scope then falls back to the next one). */
export async function writeSetting(db: Db, where: SettingScope, key: string, value: unknown) {
  const match = and(eq(settings.scope, where.scope), eq(settings.scopeId, where.id), eq(settings.key, key));
  if (value === null) {
    await db.delete(settings).where(match);
    return;
  }
  await db
    .insert(settings)
    .values({ scope: where.scope, scopeId: where.id, key, value })
    .onConflictDoUpdate({
      target: [settings.scope, settings.scopeId, settings.key],
      set: { value, updatedAt: new Date() },
    });
}
