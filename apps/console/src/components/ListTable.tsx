import type { ListResult } from '@vitrine/contract';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import { type ListPatch, type ListView, tableView } from '../lib/list-params';

export type ListTableProps<T> = {
  columns: ColumnsType<T>;
  list: { data?: ListResult<T> };
  loading: boolean;
  /** The list's page, sorting and keyword, held in the address (useListView). */
  view: ListView<string>;
  update: (patch: ListPatch) => void;
  totalText: (total: number) => string;
  emptyText?: ReactNode;
  /** Rows the user ticks for an action on several (delete several). */
  selection?: { keys: Key[]; onChange: (keys: Key[]) => void };
  /** What names a row: `id` unless the items are named otherwise (a device's key by its device). */
  rowKey?: keyof T & string;
  className?: string;
};

/** A list's table: one page of the items, paged and sorted by the address, scrolling sideways. */
export function ListTable<T extends object>({
  columns,
  list,
  loading,
  view,
  update,
  totalText,
  emptyText,
  selection,
  rowKey = 'id' as keyof T & string,
  className,
}: ListTableProps<T>) {
  return (
    <Table<T>
      rowKey={rowKey}
      className={className}
      columns={columns}
      dataSource={list.data?.list}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={emptyText ? { emptyText } : undefined}
      rowSelection={selection ? { selectedRowKeys: selection.keys, onChange: selection.onChange } : undefined}
      {...tableView<T>(view, update, list.data?.total ?? 0, totalText)}
    />
  );
}
