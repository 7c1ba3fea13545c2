import { type Column, eq, isNull, or, type SQL } from 'drizzle-orm';
import { fonts } from '../../db/schema';
import type { TenantScope } from '../../platform/tenancy';
import { visibleFonts } from '../font';

/**
 * What a program may be built from. A stored program plays whatever its company put in it (a
 * playlist nested from a workspace above the caller's still plays on screens); a draft from the
 * editor may use only what its caller sees.
 */
export type Reach = {
  /** Rows a workspace owns (contents, texts, stickers, playlists, compositions). */
  rows: (columns: { companyId: Column; workspaceId: Column }) => SQL | undefined;
  fonts: SQL | undefined;
};

export const companyReach = (companyId: number): Reach => ({
  rows: (columns) => eq(columns.companyId, companyId),
  fonts: or(isNull(fonts.companyId), eq(fonts.companyId, companyId)),
});

export const scopeReach = (scope: TenantScope): Reach => ({
  rows: (columns) => scope.rowFilter(columns),
  fonts: visibleFonts(scope),
});
