import type { OtaDeviceItem } from '@vitrine/contract';
import { Badge, Checkbox, Flex, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { Name } from '../../../components/Name';
import { PageHeader } from '../../../components/PageHeader';
import { leftToRight } from '../../../lib/bidi';
import { sortOrderOf, tableView, useListView } from '../../../lib/list-params';
import { pagerTotal, totalLabel } from '../../../lib/pager-total';
import { usePermission } from '../../../lib/permissions';
import { useOtaDeviceList } from '../upgrades';

const FILTERS = ['upgradable'] as const;

/**
 * /device/ota: the caller's screens with the player version each reports and the newest compatible
 * package for its model (docs/ota.md "Versions and the upgrade list"). Upgrading a selection comes
 * with plans.
 */
export function DeviceOtaPage() {
  const { t, i18n } = useTranslation(['ota-device', 'common']);
  const { view, query, update } = useListView(FILTERS);
  const list = useOtaDeviceList(query);
  const canOpen = usePermission('device:dev:info');

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
      title: t('field.current'),
      dataIndex: 'system_version',
      render: (version: string | null) => (version ? leftToRight(version) : t('unknownVersion')),
    },
    {
      title: t('field.newest'),
      dataIndex: 'newest_version',
      render: (version: string | null) =>
        version ? (
          <Tag color="blue" className="ota-newest">
            {leftToRight(version)}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{t('upToDate')}</Typography.Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('common:route.deviceOta')} />
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
      </Flex>
      <Table<OtaDeviceItem>
        rowKey="device_id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t(view.filters.upgradable === 1 ? 'emptyUpgradable' : 'empty') }}
        {...tableView<OtaDeviceItem>(view, update, pagerTotal(list.data, view.page, view.page_size), () =>
          totalLabel(t, list.data, i18n.language),
        )}
      />
    </>
  );
}
