import { LinkOutlined } from '@ant-design/icons';
import type { DeviceItem, LicensePoolItem } from '@vitrine/contract';
import { Button, Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { leftToRight } from '../../../lib/bidi';
import { pagerTotal } from '../../../lib/pager-total';
import { useDeviceList } from '../../device/api';
import { BindDialog } from './BindDialog';
import { LicenseStateTag } from './LicenseStateTag';

const PAGE_SIZE = 10;

/** Which of the company's devices holds which licence, and binding one from the pool. */
export function DeviceLicenses({ pool }: { pool: readonly LicensePoolItem[] }) {
  const { t } = useTranslation('license');
  const dateTime = useDateTime();
  const [page, setPage] = useState(1);
  const devices = useDeviceList({ page, page_size: PAGE_SIZE });
  const list = devices.data?.list ?? [];
  // Each device of the list carries its licence state and the licence it holds.
  const [binding, setBinding] = useState<DeviceItem | null>(null);

  const columns: ColumnsType<DeviceItem> = [
    { key: 'name', title: t('device.name'), render: (_, device) => <Name>{device.device_name}</Name> },
    {
      key: 'state',
      title: t('device.state'),
      render: (_, device) => {
        return <LicenseStateTag state={device.license.state} />;
      },
    },
    {
      key: 'batch',
      title: t('column.batchNo'),
      render: (_, device) => {
        const { license } = device.license;
        return license ? <bdi dir="ltr">{license.batch_no}</bdi> : '—';
      },
    },
    {
      key: 'expires',
      title: t('device.expires'),
      render: (_, device) => {
        const { license } = device.license;
        if (!license) return '—';
        return license.expires_at ? leftToRight(dateTime(license.expires_at)) : t('validity.permanent');
      },
    },
    {
      key: 'actions',
      title: t('column.actions'),
      render: (_, device) => (
        <Button
          size="small"
          icon={<LinkOutlined />}
          aria-label={t('bind.action', { name: device.device_name })}
          onClick={() => setBinding(device)}
        >
          {t('bind.title')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('device.title')} styles={{ body: { padding: 0 } }} style={{ marginTop: 16 }}>
      <Table<DeviceItem>
        rowKey="device_id"
        columns={columns}
        dataSource={list}
        loading={devices.isFetching && !devices.data}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('device.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: pagerTotal(devices.data, page, PAGE_SIZE),
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      <BindDialog
        device={binding}
        held={binding?.license.license ?? null}
        pool={pool}
        onClose={() => setBinding(null)}
      />
    </Card>
  );
}
