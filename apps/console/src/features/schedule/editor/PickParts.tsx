import type { ListResult } from '@vitrine/contract';
import { Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { pagerTotal } from '../../../lib/pager-total';

// What the steps pick from alike: rows searched and paged on the server (usePickSearch; the
// content step's cards too); devices and sensors in a table whose ticks stay across pages, listed
// as tags below it.

/** The keyword and page the list is asked for; a new keyword starts again at page 1. */
export function usePickSearch(pageSize = 10) {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  return {
    keyword,
    page,
    pageSize,
    setPage,
    search: (next: string) => {
      setKeyword(next);
      setPage(1);
    },
    query: { keyword: keyword || undefined, page, page_size: pageSize },
  };
}

export type PickSearch = ReturnType<typeof usePickSearch>;

/** The keyword box, and how many are ticked at the end. */
export function PickBar({
  id,
  search,
  placeholder,
  count,
}: {
  id: string;
  search: PickSearch;
  placeholder: string;
  count: string;
}) {
  return (
    <Flex wrap gap="small" justify="space-between" align="center" className="schedule-step__bar">
      <KeywordSearch
        id={id}
        keyword={search.keyword || undefined}
        placeholder={placeholder}
        width={280}
        onSearch={search.search}
      />
      <Typography.Text type="secondary">{count}</Typography.Text>
    </Flex>
  );
}

type TableProps<T> = {
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  list: { data?: ListResult<T> & { total_capped?: boolean }; isFetching: boolean };
  search: PickSearch;
  /** The keys ticked, on any page. */
  chosen: ReadonlySet<Key>;
  /** Rows ticked (selected) or unticked, one or a whole page. */
  onPick: (rows: readonly T[], selected: boolean) => void;
  /** Each row's tick box, named for the row; `disabled` when no more may be ticked. */
  tick: (row: T) => { 'aria-label': string; disabled?: boolean };
  emptyText?: ReactNode;
};

/** One page of the rows, each with a tick box. */
export function PickTable<T extends object>({
  rowKey,
  columns,
  list,
  search,
  chosen,
  onPick,
  tick,
  emptyText,
}: TableProps<T>) {
  return (
    <Table<T>
      rowKey={rowKey}
      size="small"
      loading={list.isFetching}
      dataSource={list.data?.list ?? []}
      columns={columns}
      scroll={{ x: 'max-content' }}
      locale={emptyText ? { emptyText } : undefined}
      rowSelection={{
        selectedRowKeys: [...chosen],
        preserveSelectedRowKeys: true,
        onSelect: (row, selected) => onPick([row], selected),
        onSelectAll: (selected, _rows, changed) => onPick(changed, selected),
        getCheckboxProps: tick,
      }}
      pagination={{
        current: search.page,
        pageSize: search.pageSize,
        total: pagerTotal(list.data, search.page, search.pageSize),
        showSizeChanger: false,
        onChange: search.setPage,
        size: 'small',
      }}
    />
  );
}

/** What is ticked, by name, each taken out with its close button. */
export function ChosenTags({
  label,
  chosen,
  onRemove,
}: {
  label: string;
  chosen: readonly { key: Key; name: string }[];
  onRemove: (key: Key) => void;
}) {
  if (chosen.length === 0) return null;
  return (
    <Flex wrap gap={4} className="schedule-step__chosen" aria-label={label}>
      {chosen.map(({ key, name }) => (
        <Tag key={key} closable onClose={() => onRemove(key)}>
          <bdi>{name}</bdi>
        </Tag>
      ))}
    </Flex>
  );
}
