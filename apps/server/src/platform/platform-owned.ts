import type { Permission } from '@vitrine/contract';
import { type Column, isNull, or } from 'drizzle-orm';
import type { TenantScope } from './tenancy';

// Rows the platform offers to every company beside each company's own (fonts, template types):
// a null company id is the platform's. The platform sees and keeps its own; a company sees both
// and keeps its own.

/** The platform's rows, and for a tenant also its company's. */
export const platformOrOwn = (scope: TenantScope, companyId: Column) =>
  scope.isPlatform ? isNull(companyId) : or(isNull(companyId), scope.companyFilter(companyId));

/** Whether the caller may change the row: the permission, and the platform's row for the platform, a company's for it. */
export const keepsOwn = (
  caller: { scope: TenantScope; permissions: readonly Permission[] },
  permission: Permission,
  row: { companyId: number | null },
) => caller.permissions.includes(permission) && (row.companyId === null) === caller.scope.isPlatform;
