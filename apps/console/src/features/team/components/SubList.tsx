import { Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagerTotal } from '../../../lib/pager-total';
import { type ListSource, usePagedList } from '../api';

const PAGE_SIZE = 10;

type Props<T> = {
  columns: ColumnsType<T>;
  rowKey: Extract<keyof T, string>;
  source: ListSource<T>;
  searchable?: boolean;
};

/** A short paged list inside a detail (a customer's members, a workspace's devices…). */
export function SubList<T extends object>({ columns, rowKey, source, searchable = false }: Props<T>) {
  const { t } = useTranslation('team');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = usePagedList<T>(source, { page, page_size: PAGE_SIZE, keyword: keyword || undefined });
  return (
    <>
      {searchable ? (
        <Input.Search
          allowClear
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
          style={{ maxWidth: 280, marginBottom: 12 }}
        />
      ) : null}
      <Table<T>
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: pagerTotal(list.data, page, PAGE_SIZE),
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
    </>
  );
}
