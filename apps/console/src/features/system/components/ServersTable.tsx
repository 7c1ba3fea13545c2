import type { ServerProcess, ServerStatus } from '@vitrine/contract';
import { Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDateTime } from '../../../components/labels';
import { leftToRight } from '../../../lib/bidi';
import { LastSeen } from '../../device/ui';
import { useServers } from '../api';

const STATUS_COLOR: Record<ServerStatus, string> = {
  running: 'success',
  not_answering: 'error',
  stopped: 'default',
};

/** Every server process on record, refreshed every few seconds: a silent one turns red. */
export function ServersTable() {
  const { t } = useTranslation('system');
  const servers = useServers();
  const dateTime = useDateTime();
  const columns: TableColumnsType<ServerProcess> = [
    {
      key: 'address',
      title: t('server.address'),
      render: (_, row) => (
        <>
          <Typography.Text code>{leftToRight(row.address)}</Typography.Text>
          {row.current && <Tag style={{ marginInlineStart: 8 }}>{t('server.current')}</Tag>}
        </>
      ),
    },
    {
      key: 'status',
      title: t('server.status'),
      render: (_, row) => <Tag color={STATUS_COLOR[row.status]}>{t(`status.${row.status}`)}</Tag>,
    },
    {
      key: 'version',
      title: t('server.version'),
      render: (_, row) => (
        <Tooltip
          title={row.built_at ? t('server.builtAt', { time: leftToRight(dateTime(row.built_at)) }) : null}
        >
          {leftToRight(row.version)}
        </Tooltip>
      ),
    },
    { key: 'database', title: t('server.database'), render: (_, row) => t(`database.${row.database}`) },
    { key: 'players', title: t('server.players'), dataIndex: 'players', align: 'end' },
    {
      key: 'jobs',
      title: t('server.jobs'),
      render: (_, row) =>
        row.runs_jobs ? (
          <Tooltip title={row.job_types.join(', ')}>
            {t('server.jobCount', { count: row.job_types.length })}
            {row.recurring_jobs.length > 0 && (
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {t('server.lastRan', { names: row.recurring_jobs.map((run) => run.name).join(', ') })}
              </Typography.Text>
            )}
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('server.noJobs')}</Typography.Text>
        ),
    },
    { key: 'started', title: t('server.started'), render: (_, row) => <LastSeen at={row.started_at} /> },
    {
      key: 'heartbeat',
      title: t('server.heartbeat'),
      render: (_, row) => <LastSeen at={row.stopped_at ?? row.heartbeat_at} />,
    },
  ];
  return (
    <>
      <ErrorAlert error={servers.error} />
      <Table<ServerProcess>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={servers.data?.list}
        loading={servers.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}
