type Counted = { list: readonly unknown[]; total: number; total_capped?: boolean };

/**
 * The pager's total for a list the server counts only up to LIST_TOTAL_CAP: past the cap it
 * offers one more page for as long as pages come back full.
 */
export function pagerTotal(data: Counted | undefined, page: number, pageSize: number): number {
  if (!data) return 0;
  if (!data.total_capped) return data.total;
  return Math.max(data.total, page * pageSize + (data.list.length === pageSize ? 1 : 0));
}

/**
 * "1,234 in total", or "1,000+ in total" past the cap: the area's own `list.total` and
 * `list.totalCapped` strings, the number in the reader's language.
 */
export function totalLabel(
  t: (key: 'list.total' | 'list.totalCapped', options: { total: string }) => string,
  data: Counted | undefined,
  language: string,
): string {
  const total = new Intl.NumberFormat(language).format(data?.total ?? 0);
  return t(data?.total_capped ? 'list.totalCapped' : 'list.total', { total });
}
