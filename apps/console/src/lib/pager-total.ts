type Counted = { list: readonly unknown[]; total: number; total_capped?: boolean };

/**
 * The pager's total for a list the server counts only up to USER_LIST_TOTAL_CAP: past the cap it
 * offers one more page for as long as pages come back full.
 */
export function pagerTotal(data: Counted | undefined, page: number, pageSize: number): number {
  if (!data) return 0;
  if (!data.total_capped) return data.total;
  return Math.max(data.total, page * pageSize + (data.list.length === pageSize ? 1 : 0));
}
