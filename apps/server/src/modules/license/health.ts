import type { LicenseHealth, LicenseHolderKind, PoolOffLedger } from '@vitrine/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

// The ledger's integrity (docs/license.md "Ledger health"): every pool is the sum of the ledger's
// rows, `received` the rows to its holder and `held` that less the rows from it. A pool that
// disagrees is what spec 001 §8 calls an abnormal system licence.

/** The pools that disagree with the ledger; empty when the books balance. */
export async function poolsOffLedger(db: Db): Promise<PoolOffLedger[]> {
  const rows = rowsOf<Record<keyof PoolOffLedger, string | number>>(
    await db.execute(sql`
      select holder_kind, holder_id, batch_id, batch_no, expected_received, received,
             expected_received - sent as expected_held, held
      from (
        select p.holder_kind, p.holder_id, p.batch_id, b.batch_no, p.received, p.held,
          coalesce((select sum(t.quantity) from license_transfers t
            where t.batch_id = p.batch_id and t.to_kind = p.holder_kind and t.to_id = p.holder_id), 0) as expected_received,
          coalesce((select sum(t.quantity) from license_transfers t
            where t.batch_id = p.batch_id and t.from_kind = p.holder_kind and t.from_id = p.holder_id), 0) as sent
        from license_pools p join license_batches b on b.id = p.batch_id
      ) sums
      where received <> expected_received or held <> expected_received - sent
      order by batch_id, holder_kind, holder_id`),
  );
  return rows.map((row) => ({
    holder_kind: String(row.holder_kind) as LicenseHolderKind,
    holder_id: Number(row.holder_id),
    batch_id: Number(row.batch_id),
    batch_no: String(row.batch_no),
    expected_received: Number(row.expected_received),
    received: Number(row.received),
    expected_held: Number(row.expected_held),
    held: Number(row.held),
  }));
}

/** GET license/health: abnormal while any pool disagrees, with those pools. */
export async function licenseHealth(db: Db): Promise<LicenseHealth> {
  const pools = await poolsOffLedger(db);
  return { abnormal: pools.length > 0, pools };
}
