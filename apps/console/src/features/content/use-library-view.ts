import {
  CONTENT_SORT_COLUMNS,
  ContentType,
  type LibraryContentType,
  RECENT_PERIOD_DAYS,
} from '@vitrine/contract';
import { useMemo } from 'react';
import { useListView } from '../../lib/list-params';

// A library page's view lives in the address like every list's, so a copied link reproduces it:
// folder, uploader, period, recycle bin, keyword, sort and page; mobile templates also their
// template type. Values the server would refuse are dropped here, so a hand-edited address shows
// the library instead of an error.
export const LIBRARY_FILTERS = ['folder_id', 'uploader_id', 'days', 'deleted', 'template_type_id'] as const;

/** The list call's query (a ContentListQuery) as the page holds it. */
export type LibraryQuery = {
  type: LibraryContentType;
  page: number;
  page_size: number;
  sort?: string;
  keyword?: string;
  folder_id?: number;
  uploader_id?: number;
  days?: number;
  /** Mobile templates (H5) of this template type. */
  template_type_id?: number;
  /** 1: the recycle bin. */
  deleted: 0 | 1;
};

const sortColumn = (sort: string) => sort.split(',')[0];
const isSortable = (sort: string | undefined): sort is string =>
  sort !== undefined && (CONTENT_SORT_COLUMNS as readonly string[]).includes(sortColumn(sort));
const isPeriod = (days: number | undefined): days is number =>
  days !== undefined && (RECENT_PERIOD_DAYS as readonly number[]).includes(days);

export function useLibraryView(type: LibraryContentType) {
  const { view, update, params } = useListView(LIBRARY_FILTERS);
  const { folder_id, uploader_id, days, deleted, template_type_id } = view.filters;
  const query = useMemo(
    (): LibraryQuery => ({
      type,
      page: view.page,
      page_size: view.page_size,
      sort: isSortable(view.sort) ? view.sort : undefined,
      keyword: view.keyword,
      folder_id: folder_id || undefined,
      uploader_id: uploader_id || undefined,
      days: isPeriod(days) ? days : undefined,
      template_type_id: (type === ContentType.h5 && template_type_id) || undefined,
      deleted: deleted === 1 ? 1 : 0,
    }),
    [type, view, folder_id, uploader_id, days, deleted, template_type_id],
  );
  return { view, query, update, params, inBin: query.deleted === 1 };
}
