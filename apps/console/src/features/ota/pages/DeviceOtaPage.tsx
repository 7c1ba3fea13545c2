import { CloudUploadOutlined } from '@ant-design/icons';
import type { OtaDeviceItem } from '@vitrine/contract';
import { Badge, Button, Checkbox, Flex, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { Name } from '../../../components/Name';
import { PageHeader } from '../../../components/PageHeader';
import { leftToRight } from '../../../lib/bidi';
import { sortOrderOf, tableView, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { pagerTotal, totalLabel } from '../../../lib/pager-total';
import { usePermission } from '../../../lib/permissions';
import { UpgradeState } from '../components/UpgradeState';
import { useOtaDeviceList, useUpgradeDevices } from '../upgrades';

const FILTERS = ['upgradable'] as const;

const upgradable = (device: OtaDeviceItem) => device.newest_version !== null;

/**
 * /device/ota: the caller's screens with the player version each reports, the newest compatible
 * package for its model and the state of its newest approved upgrade (docs/ota.md "Versions and
 * the upgrade list"). Upgradable rows are selected and upgraded here: this is where an upgrade is
 * approved ("Approving an upgrade").
 */
export function DeviceOtaPage() {
  const { t, i18n } = useTranslation(['ota-device', 'common']);
  const { view, query, update } = useListView(FILTERS);
  const list = useOtaDeviceList(query);
  const canOpen = usePermission('device:dev:info');
  const canReadLog = usePermission('setting:ota-history');
  const upgrade = useUpgradeDevices();
  // The selected rows themselves, so a selection survives paging and names its versions.
  const [selected, setSelected] = useState<OtaDeviceItem[]>([]);

  /** Asks, naming how many devices go to which versions, then approves; the selection empties. */
  const askUpgrade = (devices: OtaDeviceItem[]) => {
    const versions = [...new Set(devices.map((device) => device.newest_version as string))];
    confirmAction({
      title: t('upgrade.title'),
      content: t('upgrade.confirm', {
        count: devices.length,
        versions: versions.map(leftToRight).join(t('upgrade.separator')),
      }),
      okText: t('upgrade.ok'),
      // A refusal is shown by its notice; the dialog closes either way.
      onOk: () =>
        upgrade
          .mutateAsync(devices.map((device) => device.device_id))
          .then(() => {
            setSelected([]);
            notify({ type: 'success', title: t('upgrade.done', { count: devices.length }) });
          })
          .catch(() => undefined),
    });
  };

  const sorted = (column: string) => ({
    sorter: true,
    sortOrder: sortOrderOf(view.sort ?? 'created_at,desc', column),
  });
  const columns: TableProps<OtaDeviceItem>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'device_name',
      ...sorted('device_name'),
      render: (name: string, device) =>
        canOpen ? (
          <Link to={`/device/${device.device_id}`}>
            <Name>{name}</Name>
          </Link>
        ) : (
          <Name>{name}</Name>
        ),
    },
    {
      title: t('field.signageId'),
      dataIndex: 'signage_id',
      ...sorted('signage_id'),
      render: (signageId: string) => leftToRight(signageId),
    },
    {
      title: t('field.current'),
      dataIndex: 'system_version',
      render: (version: string | null) => (version ? leftToRight(version) : t('unknownVersion')),
    },
    {
      // The newest compatible version, and where the device's newest approved upgrade stands.
      title: t('field.newest'),
      dataIndex: 'newest_version',
      render: (version: string | null, device) => (
        <Flex wrap align="center" gap={4}>
          {version ? (
            <Tag color="blue" className="ota-newest" style={{ marginInlineEnd: 0 }}>
              {leftToRight(version)}
            </Tag>
          ) : (
            <Typography.Text type="secondary">{t('upToDate')}</Typography.Text>
          )}
          {device.upgrade_state ? <UpgradeState state={device.upgrade_state} /> : null}
        </Flex>
      ),
    },
    {
      title: t('field.model'),
      dataIndex: 'model_name',
      render: (model: string | null) => (model ? <Name>{model}</Name> : t('unknownModel')),
    },
    {
      title: t('field.online'),
      dataIndex: 'online',
      render: (online: boolean) => (
        <Badge status={online ? 'success' : 'default'} text={t(online ? 'online' : 'offline')} />
      ),
    },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, device) =>
        upgradable(device) ? (
          <Button type="link" size="small" onClick={() => askUpgrade([device])}>
            {t('upgrade.row', { version: leftToRight(device.newest_version as string) })}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('common:route.deviceOta')}
        extra={canReadLog ? <Link to="/device/ota/log">{t('common:route.deviceOtaLog')}</Link> : undefined}
      />
      <Flex wrap align="center" gap="middle" style={{ marginBottom: 16 }}>
        <KeywordSearch
          id="device-ota-search"
          keyword={view.keyword}
          placeholder={t('searchPlaceholder')}
          width={320}
          onSearch={(keyword) => update({ keyword })}
        />
        <Checkbox
          checked={view.filters.upgradable === 1}
          onChange={(event) => update({ upgradable: event.target.checked ? 1 : null })}
        >
          {t('upgradableOnly')}
        </Checkbox>
        <Button
          type="primary"
          icon={<CloudUploadOutlined />}
          disabled={selected.length === 0}
          onClick={() => askUpgrade(selected)}
        >
          {t('upgrade.selected', { count: selected.length })}
        </Button>
      </Flex>
      <Table<OtaDeviceItem>
        rowKey="device_id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected.map((device) => device.device_id),
          preserveSelectedRowKeys: true,
          onChange: (_, rows) => setSelected(rows.filter(Boolean)),
          getCheckboxProps: (device) => ({
            disabled: !upgradable(device),
            'aria-label': t('upgrade.select', { name: device.device_name }),
          }),
        }}
        locale={{ emptyText: t(view.filters.upgradable === 1 ? 'emptyUpgradable' : 'empty') }}
        {...tableView<OtaDeviceItem>(view, update, pagerTotal(list.data, view.page, view.page_size), () =>
          totalLabel(t, list.data, i18n.language),
        )}
      />
    </>
  );
}
