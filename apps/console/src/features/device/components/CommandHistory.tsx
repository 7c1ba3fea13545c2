import { type CommandStatus, type DeviceCommandItem, parseScreenshotResult } from '@vitrine/contract';
import { Flex, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../components/labels';
import { leftToRight } from '../../../lib/bidi';
import { useUnits } from '../../../lib/units';
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

  const units = useUnits();

  const valueText = ({ action, value }: DeviceCommandItem) => {
    if (value === null) return '';
    if (typeof value === 'boolean') return value ? t('yes') : t('no');
    // A time zone's name is written left to right, also in Arabic.
    if (typeof value === 'string') return leftToRight(value);
    if (action === 'orientation') return units.degrees(value);
    if (action === 'volume' || action === 'brightness') return units.percent(value);
    if (action === 'screenshot-interval') return t('history.minutes', { count: value });
    return String(value);
  };
  // A screenshot's result is its type and size: the size in the reader's words, the type left to right.
  const resultText = (result: string) => {
    const screenshot = parseScreenshotResult(result);
    if (!screenshot) return result;
    return t('history.screenshotResult', {
      type: leftToRight(screenshot.type),
      size: units.bytes(screenshot.size),
    });
  };
  const columns: TableProps<DeviceCommandItem>['columns'] = [
    {
      title: t('history.command'),
      dataIndex: 'action',
      render: (action: string, item) => `${t(`command.${action}`)} ${valueText(item)}`.trim(),
    },
    {
      title: t('field.status'),
      dataIndex: 'status',
      render: (status: CommandStatus, item) => (
        <Flex wrap gap="small" align="center">
          <Tag color={STATUS_COLOR[status]}>{t(`history.status.${status}`)}</Tag>
          {item.result ? (
            <Typography.Text type="secondary">
              <bdi>{resultText(item.result)}</bdi>
            </Typography.Text>
          ) : null}
        </Flex>
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
