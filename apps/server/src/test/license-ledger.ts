import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/client';

/**
 * The pools that disagree with the ledger (docs/license.md): `received` is not the sum of the rows
 * to the holder, or `held` is not `received` minus the rows from it. Empty when the books balance.
 */
export async function poolsOffLedger(app: FastifyInstance) {
  return rowsOf(
    await app.db.execute(sql`
      select p.holder_kind, p.holder_id, p.batch_id from license_pools p
      where p.received <> coalesce((select sum(t.quantity) from license_transfers t
          where t.batch_id = p.batch_id and t.to_kind = p.holder_kind and t.to_id = p.holder_id), 0)
        or p.held <> p.received - coalesce((select sum(t.quantity) from license_transfers t
          where t.batch_id = p.batch_id and t.from_kind = p.holder_kind and t.from_id = p.holder_id), 0)`),
  );
}
