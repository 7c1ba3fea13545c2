import type { TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

// A list's view (page, size, sort, keyword, filters) lives in the address, so a copied link
// reproduces it and the back button returns to the same filtered page.
export const DEFAULT_PAGE_SIZE = 20;
const PAGE_SIZES = [10, 20, 50, 100] as const;

export type ListView<F extends string> = {
  page: number;
  page_size: number;
  sort?: string;
  keyword?: string;
  filters: Partial<Record<F, number>>;
};

const positive = (raw: string | null): number | undefined => {
  const value = Number(raw);
  return raw !== null && raw !== '' && Number.isInteger(value) && value >= 0 ? value : undefined;
};

const SORT_PATTERN = /^[a-z_]+,(asc|desc)$/;

export function readListView<F extends string>(params: URLSearchParams, filters: readonly F[]): ListView<F> {
  const size = positive(params.get('page_size'));
  const sort = params.get('sort') ?? '';
  return {
    page: Math.max(1, positive(params.get('page')) ?? 1),
    page_size: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: SORT_PATTERN.test(sort) ? sort : undefined,
    keyword: params.get('keyword')?.trim() || undefined,
    filters: Object.fromEntries(
      filters.flatMap((name) => {
        const value = positive(params.get(name));
        return value === undefined ? [] : [[name, value]];
      }),
    ) as Partial<Record<F, number>>,
  };
}

export type ListPatch = Partial<Record<string, string | number | null | undefined>>;

/** A new address for a change of view: anything but the page itself starts again at page 1. */
export function patchListView(params: URLSearchParams, patch: ListPatch): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in patch)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

/** "column,asc|desc" from a table's sorter, or nothing when the sort was cleared. */
export function sortOf<T>(sorter: SorterResult<T> | SorterResult<T>[]): string | null {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!first?.order || !first.field) return null;
  return `${String(first.field)},${first.order === 'ascend' ? 'asc' : 'desc'}`;
}

/** The table's sort order for a column, from the address. */
export function sortOrderOf(sort: string | undefined, column: string): 'ascend' | 'descend' | null {
  if (!sort) return null;
  const [field, direction] = sort.split(',');
  if (field !== column) return null;
  return direction === 'asc' ? 'ascend' : 'descend';
}

/** A column sorted by the server, showing the address's sort. */
export function sortable(view: Pick<ListView<string>, 'sort'>, column: string) {
  return { sorter: true, sortOrder: sortOrderOf(view.sort, column) };
}

/** The list's view from the address, the query to send, and a setter that rewrites the address.
 * `filters` must be a constant array (it is a memo dependency). */
export function useListView<F extends string>(filters: readonly F[]) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readListView(params, filters), [params, filters]);
  /** A change of view is a history entry (Back returns to the previous view), unless `replace`. */
  const update = useCallback(
    (patch: ListPatch, replace = false) => setParams((current) => patchListView(current, patch), { replace }),
    [setParams],
  );
  const query = useMemo(
    () => ({
      page: view.page,
      page_size: view.page_size,
      sort: view.sort,
      keyword: view.keyword,
      ...view.filters,
    }),
    [view],
  );
  return { view, query, update, params };
}

/** A table's pages and sorting wired to the address: a new page size starts again at page 1. */
export function tableView<T>(
  view: ListView<string>,
  onView: (patch: ListPatch) => void,
  total: number,
  showTotal: (total: number) => string,
): Pick<TableProps<T>, 'pagination' | 'onChange'> {
  return {
    pagination: {
      current: view.page,
      pageSize: view.page_size,
      total,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES.map(String),
      showTotal,
    },
    onChange: (pagination, _filters, sorter, extra) => {
      if (extra.action === 'sort') onView({ sort: sortOf(sorter) });
      else if (pagination.pageSize && pagination.pageSize !== view.page_size)
        onView({ page_size: pagination.pageSize });
      else if (extra.action === 'paginate') onView({ page: pagination.current });
    },
  };
}
