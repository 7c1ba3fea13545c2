import { KeyOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import type { LicenseBatchItem } from '@vitrine/contract';
import { Button, Card, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ListPage';
import { useDateTime } from '../../../components/labels';
import { leftToRight } from '../../../lib/bidi';
import { tableView, useListView } from '../../../lib/list-params';
import { useBatchList } from '../api';
import { BatchDrawer } from '../components/BatchDrawer';
import { useBalanceColumns, useBatchColumns } from '../components/columns';
import { IssueDrawer } from '../components/IssueDrawer';
import { KeysDrawer } from '../components/KeysDrawer';
import { LedgerHealthAlert } from '../components/LedgerHealthAlert';

const NO_FILTERS = [] as const;

/** /license/commercial-sy: the platform's licence batches; new batches, issuing to customers. */
export function LicenseBatchPage() {
  const { t } = useTranslation(['license', 'common']);
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useBatchList(query);
  const dateTime = useDateTime();
  const [creating, setCreating] = useState(false);
  const [issuing, setIssuing] = useState<LicenseBatchItem | null>(null);
  const [keying, setKeying] = useState<LicenseBatchItem | null>(null);

  const columns: ColumnsType<LicenseBatchItem> = [
    ...useBatchColumns<LicenseBatchItem>(),
    ...useBalanceColumns<LicenseBatchItem>(['quantity', 'assigned', 'available']),
    {
      key: 'created_at',
      title: t('column.issuedAt'),
      render: (_, batch) => leftToRight(dateTime(batch.created_at)),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      render: (_, batch) => (
        <Space size="small">
          <Button
            size="small"
            icon={<SendOutlined />}
            disabled={batch.available === 0}
            aria-label={t('issue.action', { batch: batch.batch_no })}
            onClick={() => setIssuing(batch)}
          >
            {t('issue.title')}
          </Button>
          <Button
            size="small"
            icon={<KeyOutlined />}
            aria-label={t('key.action', { batch: batch.batch_no })}
            onClick={() => setKeying(batch)}
          >
            {t('key.title')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title={t('common:route.licenseCommercial')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('batch.title')}
        </Button>
      }
      search={{ id: 'license-batch-search', placeholder: t('batch.search') }}
      view={view}
      update={update}
    >
      <LedgerHealthAlert />
      <Card styles={{ body: { padding: 0 } }}>
        <Table<LicenseBatchItem>
          rowKey="batch_id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: view.keyword ? t('batch.noMatch') : t('batch.empty') }}
          {...tableView<LicenseBatchItem>(view, update, list.data?.total ?? 0, (total) =>
            t('total', { total }),
          )}
        />
      </Card>
      <BatchDrawer open={creating} onClose={() => setCreating(false)} />
      <IssueDrawer batch={issuing} onClose={() => setIssuing(null)} />
      <KeysDrawer batch={keying} onClose={() => setKeying(null)} />
    </ListPage>
  );
}
