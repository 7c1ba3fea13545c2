import type { CommandStatus, DeviceCommandItem } from '@vitrine/contract';
import { Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../team/components/labels';
import { useCommandList } from '../control-api';

const STATUS_COLOR: Record<CommandStatus, string> = {
  pending: 'processing',
  done: 'success',
  failed: 'error',
  timeout: 'warning',
};

/** The latest commands of a device with their status and time. */
export function CommandHistory({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('device');
  const dateTime = useDateTime();
  const list = useCommandList(deviceId);

  const valueText = (value: DeviceCommandItem['value']) => {
    if (value === null) return '';
    if (typeof value === 'boolean') return value ? t('yes') : t('no');
    return String(value);
  };
  const columns: TableProps<DeviceCommandItem>['columns'] = [
    {
      title: t('history.command'),
      dataIndex: 'action',
      render: (action: string, item) => `${t(`command.${action}`)} ${valueText(item.value)}`.trim(),
    },
    {
      title: t('field.status'),
      dataIndex: 'status',
      render: (status: CommandStatus, item) => (
        <>
          <Tag color={STATUS_COLOR[status]}>{t(`history.status.${status}`)}</Tag>
          {item.result ? <Typography.Text type="secondary">{item.result}</Typography.Text> : null}
        </>
      ),
    },
    { title: t('history.sentAt'), dataIndex: 'created_at', render: (at: string) => dateTime(at) },
  ];

  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('history.title')}
      </Typography.Title>
      <Table<DeviceCommandItem>
        rowKey="command_id"
        size="small"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('history.empty') }}
      />
    </>
  );
}
