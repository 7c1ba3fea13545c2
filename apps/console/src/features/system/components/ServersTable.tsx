import type { ServerProcess, ServerStatus } from '@vitrine/contract';
import { Descriptions, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDateTime } from '../../../components/labels';
import { leftToRight } from '../../../lib/bidi';
import { useLayoutMode } from '../../../lib/layout-mode';
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
  const { mobile } = useLayoutMode();
  // One list of fields: the table's columns on a wide screen, each process's card on a phone.
  const fields: {
    key: string;
    title: string;
    render: (_: unknown, row: ServerProcess) => ReactNode;
    align?: 'end';
  }[] = [
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
    { key: 'players', title: t('server.players'), render: (_, row) => row.players, align: 'end' },
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
  const columns: TableColumnsType<ServerProcess> = fields;
  return (
    <>
      <ErrorAlert error={servers.error} />
      {mobile ? (
        // On a phone each process is a card of its own: a wide table would scroll sideways.
        <Flex vertical gap="middle">
          {servers.data?.list.map((row) => (
            <Descriptions
              key={row.id}
              bordered
              size="small"
              column={1}
              items={fields.map((field) => ({
                key: field.key,
                label: field.title,
                children: field.render(null, row),
              }))}
            />
          ))}
        </Flex>
      ) : (
        <Table<ServerProcess>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={servers.data?.list}
          loading={servers.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </>
  );
}
