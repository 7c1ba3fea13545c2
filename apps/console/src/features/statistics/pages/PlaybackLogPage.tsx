import { ExportOutlined } from '@ant-design/icons';
import type { PlaybackLogRow, SummaryGroup } from '@vitrine/contract';
import { Button, Empty, Flex, Table, type TableProps, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { sortOrderOf, tableView, useListView } from '../../../lib/list-params';
import { usePermission } from '../../../lib/permissions';
import { usePlaybackLog, usePlaybackSummary } from '../api';
import { LogFilters } from '../components/LogFilters';
import { PlaybackSummaryPanel } from '../components/PlaybackSummaryPanel';
import { browserTimezone, formatPlayTime, logPeriod, periodQuery } from '../period';

const FILTERS = ['device_id', 'content_id', 'schedule_id', 'days'] as const;
const SORTABLE = ['started_at', 'duration'];
/** The address's filters as the export dialog takes them (/statistics/export?…). */
export function exportLink(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of ['device_id', 'content_id', 'schedule_id', 'days', 'from', 'to']) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  kept.set('create', '1');
  return `/statistics/export?${kept}`;
}

/** /statistics/playback-log: what the screens played, by device, content, schedule and period. */
export function PlaybackLogPage() {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const dateTime = useDateTime();
  const canExport = usePermission('statistics:export:list');
  const { view, update, params } = useListView(FILTERS);
  const period = logPeriod(view.filters.days, params);
  const group: SummaryGroup = params.get('group') === 'device' ? 'device' : 'content';
  const filters = useMemo(
    () => ({
      device_id: view.filters.device_id,
      content_id: view.filters.content_id,
      schedule_id: view.filters.schedule_id,
      ...periodQuery(period),
    }),
    [view.filters, period],
  );
  const sort = SORTABLE.includes(view.sort?.split(',')[0] ?? '') ? view.sort : undefined;
  const log = usePlaybackLog({ ...filters, page: view.page, page_size: view.page_size, sort });
  const summary = usePlaybackSummary({ ...filters, group, tz: browserTimezone() });

  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(sort, column) });
  const columns: TableProps<PlaybackLogRow>['columns'] = [
    {
      title: t('column.started_at'),
      dataIndex: 'started_at',
      ...sorted('started_at'),
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
          {row.content_type !== null ? <Tag>{t(`type.${row.content_type}`)}</Tag> : null}
        </Flex>
      ),
    },
    {
      title: t('column.schedule'),
      key: 'schedule',
      render: (_, row) =>
        row.schedule_name ? (
          <span dir="auto">{row.schedule_name}</span>
        ) : (
          <Typography.Text type="secondary">
            {row.schedule_id === null ? t('defaultContent') : t('deleted')}
          </Typography.Text>
        ),
    },
    {
      title: t('column.duration'),
      dataIndex: 'duration_ms',
      key: 'duration',
      ...sorted('duration'),
      render: (ms: number) => <bdi>{formatPlayTime(ms)}</bdi>,
    },
  ];
  // The table's sorter names the column by its key for duration.
  const tableProps = tableView<PlaybackLogRow>(view, update, log.data?.total ?? 0, (total) =>
    t('total', { total }),
  );

  return (
    <>
      <PageHeader
        title={t('common:route.playbackLog')}
        extra={
          canExport ? (
            <Button icon={<ExportOutlined />} onClick={() => navigate(exportLink(params))}>
              {t('export.create')}
            </Button>
          ) : null
        }
      />
      <LogFilters
        idPrefix="playback"
        choices={['device', 'content', 'schedule']}
        filters={view.filters}
        period={period}
        update={update}
      />
      <PlaybackSummaryPanel
        summary={summary.data}
        loading={summary.isFetching}
        period={period}
        group={group}
        onGroup={(next) => update({ group: next === 'device' ? 'device' : null, page: view.page })}
      />
      <Table<PlaybackLogRow>
        rowKey="uuid"
        columns={columns}
        dataSource={log.data?.list}
        loading={log.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        pagination={tableProps.pagination}
        onChange={(pagination, tableFilters, sorter, extra) => {
          const first = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = first?.columnKey ?? first?.field;
          tableProps.onChange?.(
            pagination,
            tableFilters,
            first ? { ...first, field: field === 'duration_ms' ? 'duration' : field } : sorter,
            extra,
          );
        }}
      />
    </>
  );
}
