import {
  type ListResult,
  ResultCode,
  type WhitelistItem,
  type whitelistAddRequestSchema,
  type whitelistListQuerySchema,
} from '@vitrine/contract';
import { desc, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { macWhitelist } from '../../db/schema';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { keywordFilter, orderOf, pageOf } from '../../platform/lists';
import { notifyLicenceChanged, screensWithMacs } from '../../platform/screen-changes';
import type { TenantScope } from '../../platform/tenancy';

// The MAC whitelist (docs/license.md "Whitelist"): system roles list MAC addresses; a device
// reporting one counts as licensed without a licence (state.ts).

type Row = typeof macWhitelist.$inferSelect;

// Qualified by hand: inside a subquery drizzle names the outer column without its table.
const creatorName = sql<string>`coalesce((select coalesce(nullif(u.nickname, ''), u.username) from users u where u.id = "mac_whitelist"."created_by"), '')`;

const present = (row: { entry: Row; createdBy: string }): WhitelistItem => ({
  id: row.entry.id,
  mac: row.entry.mac,
  note: row.entry.note,
  created_by: row.createdBy,
  created_at: row.entry.createdAt.toISOString(),
});

const duplicates = (macs: readonly string[]) =>
  new AppError(
    ResultCode.validation,
    'license.macDuplicate',
    { macs: macs.join(', ') },
    { field: 'macs', macs },
  );

export async function whitelistList(
  db: Db,
  query: z.output<typeof whitelistListQuerySchema>,
): Promise<ListResult<WhitelistItem>> {
  const where = keywordFilter(query.keyword, macWhitelist.mac, macWhitelist.note);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ entry: macWhitelist, createdBy: creatorName })
      .from(macWhitelist)
      .where(where)
      .orderBy(
        ...orderOf(
          query.sort,
          { mac: macWhitelist.mac, created_at: macWhitelist.createdAt },
          'created_at,desc',
          macWhitelist.id,
        ),
      )
      .limit(pageOf(query).limit)
      .offset(pageOf(query).offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(macWhitelist)
      .where(where),
  ]);
  return { list: rows.map(present), total };
}

/** POST: adds the entry's addresses in one transaction; any entered twice or already listed is named. */
export async function whitelistAdd(
  app: FastifyInstance,
  scope: TenantScope,
  body: z.output<typeof whitelistAddRequestSchema>,
): Promise<{ list: WhitelistItem[] }> {
  const twice = body.macs.filter((mac, index) => body.macs.indexOf(mac) !== index);
  try {
    const ids = await app.db.transaction(async (tx) => {
      const listed = await tx
        .select({ mac: macWhitelist.mac })
        .from(macWhitelist)
        .where(inArray(macWhitelist.mac, body.macs));
      const named = [...new Set([...twice, ...listed.map((row) => row.mac)])];
      if (named.length > 0) throw duplicates(named);
      const added = await tx
        .insert(macWhitelist)
        .values(body.macs.map((mac) => ({ mac, note: body.note, createdBy: scope.user.userId })))
        .returning({ id: macWhitelist.id });
      // Screens with these MACs are licensed from now on: they play again at once.
      await notifyLicenceChanged(tx, await screensWithMacs(tx, body.macs));
      return added.map((row) => row.id);
    });
    const rows = await app.db
      .select({ entry: macWhitelist, createdBy: creatorName })
      .from(macWhitelist)
      .where(inArray(macWhitelist.id, ids))
      .orderBy(desc(macWhitelist.id));
    return { list: rows.map(present) };
  } catch (error) {
    // Two entries of one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw duplicates(body.macs);
    throw error;
  }
}

/** DELETE: removes the listed entries; an id not listed is 404001 and removes nothing. */
export async function whitelistDelete(db: Db, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(macWhitelist)
      .where(inArray(macWhitelist.id, unique))
      .returning({ id: macWhitelist.id, mac: macWhitelist.mac });
    if (removed.length !== unique.length) throw notFound();
    // Screens with these MACs need a licence of their own from now on.
    await notifyLicenceChanged(
      tx,
      await screensWithMacs(
        tx,
        removed.map((row) => row.mac),
      ),
    );
  });
  return null;
}
