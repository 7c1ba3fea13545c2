import type { LicensePoolItem } from '@vitrine/contract';
import { Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useBalanceColumns, useBatchColumns } from './columns';

type Props = {
  pool: { data?: { list: LicensePoolItem[] }; isFetching: boolean };
  /** A last column of actions per batch (the customer's "Assign to company"). */
  action?: ColumnsType<LicensePoolItem>[number];
};

/** A customer's or company's licences, one row per batch; the table scrolls inside its card. */
export function PoolTable({ pool, action }: Props) {
  const { t } = useTranslation('license');
  const columns: ColumnsType<LicensePoolItem> = [
    ...useBatchColumns<LicensePoolItem>(),
    ...useBalanceColumns<LicensePoolItem>(['quantity', 'assigned', 'unassigned', 'available']),
    ...(action ? [action] : []),
  ];
  return (
    <Card styles={{ body: { padding: 0 } }}>
      <Table<LicensePoolItem>
        rowKey="batch_id"
        columns={columns}
        dataSource={pool.data?.list}
        loading={pool.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('emptyPool') }}
      />
    </Card>
  );
}
