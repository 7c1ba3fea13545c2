import type { ListResult } from '@vitrine/contract';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import { type ListPatch, type ListView, tableView } from '../lib/list-params';
import { KeywordSearch } from './KeywordSearch';
import { PageHeader } from './PageHeader';

type ListTable<T> = {
  columns: ColumnsType<T>;
  list: { data?: ListResult<T>; isFetching: boolean };
  totalText: (total: number) => string;
  emptyText?: ReactNode;
  /** Rows the user ticks for an action on several (delete several). */
  selection?: { keys: Key[]; onChange: (keys: Key[]) => void };
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
  table?: ListTable<T>;
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
        <Table<T>
          rowKey={rowKey}
          columns={table.columns}
          dataSource={table.list.data?.list}
          loading={table.list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={table.emptyText ? { emptyText: table.emptyText } : undefined}
          rowSelection={
            table.selection
              ? { selectedRowKeys: table.selection.keys, onChange: table.selection.onChange }
              : undefined
          }
          {...tableView<T>(view, update, table.list.data?.total ?? 0, table.totalText)}
        />
      ) : null}
      {children}
    </>
  );
}
