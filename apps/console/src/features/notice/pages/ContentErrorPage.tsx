import type { ContentErrorLogRow } from '@vitrine/contract';
import { Empty, Flex, Table, type TableProps, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { sortOrderOf, tableView, useListView } from '../../../lib/list-params';
import { logPeriod, periodQuery } from '../../statistics/api';
import { LogFilters } from '../../statistics/ui';
import { useContentErrors } from '../api';

const FILTERS = ['device_id', 'content_id', 'days'] as const;
const REASON_COLORS: Record<string, string> = {
  load: 'orange',
  decode: 'red',
  play: 'volcano',
  timeout: 'gold',
};

/** /notice/content-error: what the screens could not show, newest first. */
export function ContentErrorPage() {
  const { t } = useTranslation(['notice', 'statistics']);
  const dateTime = useDateTime();
  const { view, update, params } = useListView(FILTERS);
  const period = logPeriod(view.filters.days, params);
  const sort = view.sort?.startsWith('created_at,') ? view.sort : undefined;
  const query = useMemo(
    () => ({
      page: view.page,
      page_size: view.page_size,
      sort,
      keyword: view.keyword,
      device_id: view.filters.device_id,
      content_id: view.filters.content_id,
      ...periodQuery(period),
    }),
    [view, sort, period],
  );
  const list = useContentErrors(query);

  const columns: TableProps<ContentErrorLogRow>['columns'] = [
    {
      title: t('column.time'),
      dataIndex: 'created_at',
      sorter: true,
      sortOrder: sortOrderOf(sort, 'created_at') ?? 'descend',
      render: (iso: string) => <bdi>{dateTime(iso)}</bdi>,
    },
    {
      title: t('column.device'),
      dataIndex: 'device_name',
      render: (name: string) => <span dir="auto">{name}</span>,
    },
    {
      title: t('column.content'),
      key: 'content',
      render: (_, row) => (
        <Flex gap={4} wrap align="center">
          <span dir="auto">
            {row.content_name ?? (row.content_id === null ? t('builtIn') : t('deleted'))}
          </span>
          {row.content_type !== null ? <Tag>{t(`statistics:type.${row.content_type}`)}</Tag> : null}
        </Flex>
      ),
    },
    {
      title: t('column.reason'),
      dataIndex: 'reason',
      render: (reason: string) => (
        <Tag color={REASON_COLORS[reason]}>{t(`reason.${reason}`, { defaultValue: reason })}</Tag>
      ),
    },
    {
      title: t('column.message'),
      dataIndex: 'message',
      render: (message: string) =>
        message ? (
          <Typography.Text dir="auto" style={{ maxWidth: 360 }} ellipsis={{ tooltip: message }}>
            {message}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('common:route.contentError')} />
      <LogFilters
        idPrefix="contentError"
        choices={['device', 'content']}
        filters={view.filters}
        period={period}
        update={update}
      >
        <KeywordSearch
          id="contentErrorKeyword"
          keyword={view.keyword}
          placeholder={t('searchPlaceholder')}
          width={220}
          onSearch={(keyword) => update({ keyword })}
        />
      </LogFilters>
      <Table<ContentErrorLogRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        {...tableView<ContentErrorLogRow>(view, update, list.data?.total ?? 0, (total) =>
          t('total', { total }),
        )}
      />
    </>
  );
}
