import { PlusOutlined } from '@ant-design/icons';
import type { DeviceKeyIssued, DeviceKeyItem } from '@vitrine/contract';
import { Button, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction, confirmDelete } from '../../../components/confirm';
import { ListPage } from '../../../components/ListPage';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { leftToRight } from '../../../lib/bidi';
import { sortOrderOf, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { CreatedCell } from '../components/CreatedCell';
import { DeviceKeyDrawer } from '../components/DeviceKeyDrawer';
import { KeyRowActions } from '../components/KeyRowActions';
import { KeySecretDialog } from '../components/KeySecretDialog';
import { useDeviceKeyList, useIssueDeviceKeys, useRevokeDeviceKeys } from '../key-api';

const NO_FILTERS = [] as const;

/** /ota/device-key: per-device keys a screen's package downloads need beside its token. */
export function DeviceKeyPage() {
  const { t } = useTranslation(['ota-key', 'common']);
  const dateTime = useDateTime();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useDeviceKeyList(query);
  const revoke = useRevokeDeviceKeys();
  const reissue = useIssueDeviceKeys();
  const [issuing, setIssuing] = useState(false);
  const [shown, setShown] = useState<DeviceKeyIssued | null>(null);

  const askRevoke = (item: DeviceKeyItem) =>
    confirmDelete({
      content: t('device.revokeConfirm', { device: item.device_name || item.signage_id }),
      onOk: () =>
        revoke.mutate([item.device_id], {
          onSuccess: () => notify({ type: 'success', title: t('device.revoked') }),
        }),
    });
  const askReissue = (item: DeviceKeyItem) =>
    confirmAction({
      content: t('device.reissueConfirm', { device: item.device_name || item.signage_id }),
      okText: t('device.reissue'),
      onOk: () => reissue.mutateAsync([item.device_id]).then(setShown),
    });

  const sorted = (column: string) => ({
    sorter: true,
    sortOrder: sortOrderOf(view.sort ?? 'issued_at,desc', column),
  });
  const columns: TableProps<DeviceKeyItem>['columns'] = [
    {
      title: t('field.device'),
      dataIndex: 'device_name',
      ...sorted('device_name'),
      render: (name: string) => (
        <Typography.Text strong>
          <Name>{name}</Name>
        </Typography.Text>
      ),
    },
    {
      title: t('field.signageId'),
      dataIndex: 'signage_id',
      render: (signageId: string) => <Typography.Text code>{leftToRight(signageId)}</Typography.Text>,
    },
    {
      title: t('field.company'),
      dataIndex: 'company_name',
      render: (company: string | null) => (company ? <Name>{company}</Name> : '—'),
    },
    {
      title: t('field.issued'),
      dataIndex: 'issued_at',
      ...sorted('issued_at'),
      render: (issuedAt: string, item) => <CreatedCell at={issuedAt} by={item.issued_by} />,
    },
    {
      title: t('field.lastUsed'),
      dataIndex: 'last_used_at',
      ...sorted('last_used_at'),
      render: (lastUsed: string | null) => (lastUsed ? leftToRight(dateTime(lastUsed)) : t('never')),
    },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, item) => (
        <KeyRowActions
          renewLabel={t('device.reissueLabel', { device: item.device_name || item.signage_id })}
          deleteLabel={t('device.revokeLabel', { device: item.device_name || item.signage_id })}
          onRenew={() => askReissue(item)}
          onDelete={() => askRevoke(item)}
        />
      ),
    },
  ];

  return (
    <ListPage<DeviceKeyItem>
      title={t('common:route.otaDeviceKey')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setIssuing(true)}>
          {t('device.create')}
        </Button>
      }
      search={{ id: 'ota-device-key-search', placeholder: t('device.search') }}
      view={view}
      update={update}
      rowKey="device_id"
      table={{ columns, list, totalText: (total) => t('total', { total }), emptyText: t('device.empty') }}
    >
      <DeviceKeyDrawer open={issuing} onClose={() => setIssuing(false)} onIssued={setShown} />
      <KeySecretDialog
        title={t('device.secretTitle', { count: shown?.keys.length ?? 0 })}
        secrets={
          shown?.keys.map((key) => ({ label: `${key.device_name} · ${key.signage_id}`, secret: key.key })) ??
          null
        }
        onClose={() => setShown(null)}
      />
    </ListPage>
  );
}
