import { ResultCode } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';

// Who a custom domain or a system property belongs to: the system role names a customer (or, for a
// property, none: the platform-wide value), a customer always writes its own.

/**
 * The customer a write goes to. A customer naming another customer gets 404001, like an id that does
 * not exist; the system role naming none gets `missing` (null when the platform itself may own it).
 */
export async function ownerOf(
  db: Db,
  scope: TenantScope,
  requested: number | null | undefined,
  missing: string | null,
): Promise<number | null> {
  if (scope.kind === 'customer') {
    if (requested != null && requested !== scope.customerId) throw notFound();
    return scope.customerId;
  }
  if (!scope.isPlatform) throw new AppError(ResultCode.permission);
  if (requested == null) {
    if (missing === null) return null;
    throw new AppError(ResultCode.validation, missing);
  }
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, requested))
    .limit(1);
  if (!customer) throw notFound();
  return customer.id;
}
