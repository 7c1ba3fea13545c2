import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ExportRow } from '@vitrine/contract';
import { Button, Empty, Flex, Progress, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { formatSize } from '../../../lib/format';
import { tableView, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { downloadExport, isBusy, useDeleteExport, useExportList } from '../api';
import { CreateExportDialog, type ExportDraft, emptyDraft } from '../components/CreateExportDialog';
import { periodOf } from '../period';
import '../statistics.css';

const FILTERS = [] as const;
const STATE_COLORS = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

/** The dialog's first values from the address (the playback log's "Export" passes its filters). */
export function draftFromAddress(params: URLSearchParams): ExportDraft {
  const id = (key: string) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const period = periodOf({ days: params.get('days'), from: params.get('from'), to: params.get('to') });
  return {
    ...emptyDraft(),
    device_id: id('device_id'),
    content_id: id('content_id'),
    schedule_id: id('schedule_id'),
    period: period.kind === 'days' ? { days: period.days } : { from: period.from, to: period.to },
  };
}

/** /statistics/export: the caller's exports with their progress; new ones, downloads, deletes. */
export function ExportPage() {
  const { t } = useTranslation('statistics');
  const dateTime = useDateTime();
  const { view, update, params } = useListView(FILTERS);
  const list = useExportList({ page: view.page, page_size: view.page_size });
  const remove = useDeleteExport();
  const creating = params.get('create') === '1';
  const [open, setOpen] = useState(creating);
  const initial = useMemo(() => (creating ? draftFromAddress(params) : emptyDraft()), [creating, params]);

  const close = () => {
    setOpen(false);
    if (creating) {
      update(
        {
          create: null,
          device_id: null,
          content_id: null,
          schedule_id: null,
          days: null,
          from: null,
          to: null,
        },
        true,
      );
    }
  };

  const describe = (row: ExportRow) => {
    const parts: string[] = [];
    const { filters, filter_names: names } = row;
    if (filters.device_id !== undefined)
      parts.push(`${t('filter.device')}: ${names.device ?? `#${filters.device_id}`}`);
    if (filters.content_id !== undefined)
      parts.push(`${t('filter.content')}: ${names.content ?? `#${filters.content_id}`}`);
    if (filters.schedule_id !== undefined)
      parts.push(`${t('filter.schedule')}: ${names.schedule ?? `#${filters.schedule_id}`}`);
    if (filters.days !== undefined) parts.push(t('filter.days', { days: filters.days }));
    else if (filters.from || filters.to) parts.push(`${dateTime(filters.from)} – ${dateTime(filters.to)}`);
    else parts.push(t('filter.all'));
    return parts;
  };

  const columns: TableProps<ExportRow>['columns'] = [
    {
      title: t('export.file'),
      dataIndex: 'file_name',
      render: (name: string, row) => (
        <Flex vertical gap={2}>
          <bdi>{name}</bdi>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {describe(row).map((part) => (
              <span key={part} dir="auto" style={{ marginInlineEnd: 8 }}>
                {part}
              </span>
            ))}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('export.state'),
      key: 'state',
      width: 200,
      render: (_, row) =>
        isBusy(row) ? (
          <Flex vertical gap={2}>
            <Tag color={STATE_COLORS[row.state]}>{t(`state.${row.state}`)}</Tag>
            <Progress percent={row.progress} size="small" aria-label={t('export.progress')} />
          </Flex>
        ) : (
          <Tag color={STATE_COLORS[row.state]}>{t(`state.${row.state}`)}</Tag>
        ),
    },
    {
      title: t('export.rows'),
      dataIndex: 'row_count',
      render: (count: number | null) => (count === null ? '—' : count.toLocaleString()),
    },
    {
      title: t('export.size'),
      dataIndex: 'size',
      render: (size: number | null) => (size === null ? '—' : <bdi>{formatSize(size)}</bdi>),
    },
    {
      title: t('export.createdAt'),
      dataIndex: 'created_at',
      render: (iso: string) => <bdi>{dateTime(iso)}</bdi>,
    },
    {
      title: t('export.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, row) => (
        <Flex gap={4}>
          <Tooltip title={t('export.download')}>
            <Button
              type="text"
              icon={<DownloadOutlined />}
              aria-label={t('export.download')}
              disabled={row.state !== 'done'}
              // A failed download has shown the server's notice already.
              onClick={() => void downloadExport(row).catch(() => undefined)}
            />
          </Tooltip>
          <IconAction
            label={t('common:delete')}
            icon={<DeleteOutlined />}
            danger
            onClick={() =>
              confirmAction({
                title: t('export.deleteTitle'),
                content: t('export.deleteConfirm', { name: row.file_name }),
                okText: t('common:delete'),
                danger: true,
                onOk: () =>
                  remove
                    .mutateAsync(row.id)
                    .then(() => notify({ type: 'success', title: t('export.deleted') })),
              })
            }
          />
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('common:route.statisticsExport')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            {t('export.new')}
          </Button>
        }
      />
      <Table<ExportRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('export.empty')} /> }}
        {...tableView<ExportRow>(view, update, list.data?.total ?? 0, (total) => t('total', { total }))}
      />
      <CreateExportDialog open={open} initial={initial} onClose={close} />
    </>
  );
}
