import type { ReactNode } from 'react';
import type { ListPatch, ListView } from '../lib/list-params';
import { KeywordSearch } from './KeywordSearch';
import { ListTable, type ListTableProps } from './ListTable';
import { PageHeader } from './PageHeader';

/** The table's part of ListTable's props: the page gives the rest; it loads while the list fetches. */
type PageTable<T> = Pick<ListTableProps<T>, 'columns' | 'totalText' | 'emptyText' | 'selection'> & {
  list: ListTableProps<T>['list'] & { isFetching: boolean };
};

type Props<T> = {
  title: ReactNode;
  /** The header's actions (add, upload…). */
  extra?: ReactNode;
  search: { id: string; placeholder: string };
  /** The list's page, sorting and keyword, held in the address (useListView). */
  view: ListView<string>;
  update: (patch: ListPatch) => void;
  /** A table of the items; a page that shows them otherwise (a grid) puts that in `children`. */
  table?: PageTable<T>;
  /** What names a row: `id` unless the items are named otherwise (a device's key by its device). */
  rowKey?: keyof T & string;
  /** What follows the list: its own view, drawers, dialogs. */
  children?: ReactNode;
};

/** A library list page: a heading with its actions, a keyword search, the items' table. */
export function ListPage<T extends object>({
  title,
  extra,
  search,
  view,
  update,
  table,
  rowKey = 'id' as keyof T & string,
  children,
}: Props<T>) {
  return (
    <>
      <PageHeader title={title} extra={extra} />
      <div style={{ marginBottom: 16 }}>
        <KeywordSearch
          id={search.id}
          keyword={view.keyword}
          placeholder={search.placeholder}
          width={320}
          onSearch={(keyword) => update({ keyword })}
        />
      </div>
      {table ? (
        <ListTable<T>
          {...table}
          loading={table.list.isFetching}
          view={view}
          update={update}
          rowKey={rowKey}
        />
      ) : null}
      {children}
    </>
  );
}
