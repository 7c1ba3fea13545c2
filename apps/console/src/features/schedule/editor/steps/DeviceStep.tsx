import type { DeviceItem } from '@vitrine/contract';
import { Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordSearch } from '../../../../components/KeywordSearch';
import { useLayoutMode } from '../../../../lib/layout-mode';
import { pagerTotal } from '../../../../lib/pager-total';
import { useDeviceList } from '../../../device/api';
import { DeviceStatusBadge } from '../../../device/ui';
import { type DeviceChoice, type Draft, deviceChoiceOf, isPortraitDevice } from '../draft';
import { StepAlerts } from '../EditorParts';
import { useRefusals } from '../refusals';

const PAGE_SIZE = 10;

type Props = {
  draft: Draft;
  onDevices: (devices: DeviceChoice[]) => void;
  /** Messages of refused picks (orientation, media formats), shown above the list. */
  refused: string[];
  onRefused: (messages: string[]) => void;
};

export function OrientationTag({ orientation }: { orientation: number }) {
  const { t } = useTranslation('schedule-editor');
  return (
    <Tag color={isPortraitDevice(orientation) ? 'purple' : 'blue'}>
      {t(isPortraitDevice(orientation) ? 'orientation.portrait' : 'orientation.landscape')} · {orientation}°
    </Tag>
  );
}

/** Step 2: the caller's devices, searched and paged; what is ticked stays ticked across pages. */
export function DeviceStep({ draft, onDevices, refused, onRefused }: Props) {
  const { t } = useTranslation('schedule-editor');
  const { mobile } = useLayoutMode();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = useDeviceList({
    keyword: keyword || undefined,
    page,
    page_size: PAGE_SIZE,
    sort: 'device_name,asc',
  });
  const refuse = useRefusals(draft);
  const chosen = new Set(draft.devices.map((device) => device.device_id));

  const pick = (rows: readonly DeviceItem[], selected: boolean) => {
    if (!selected) {
      const out = new Set(rows.map((row) => row.device_id));
      onDevices(draft.devices.filter((device) => !out.has(device.device_id)));
      onRefused([]);
      return;
    }
    const messages: string[] = [];
    const added: DeviceChoice[] = [];
    for (const row of rows) {
      if (chosen.has(row.device_id)) continue;
      const choice = deviceChoiceOf(row);
      const why = refuse.device(choice);
      if (why) messages.push(why);
      else added.push(choice);
    }
    onRefused(messages);
    if (added.length) onDevices([...draft.devices, ...added]);
  };

  const columns: TableColumnsType<DeviceItem> = [
    {
      key: 'name',
      title: t('devices.name'),
      render: (_value, row) => (
        <Flex vertical>
          <Typography.Text strong dir="auto">
            {row.device_name}
          </Typography.Text>
          <Typography.Text type="secondary">{row.signage_id}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'orientation',
      title: t('devices.orientation'),
      render: (_value, row) => <OrientationTag orientation={row.orientation} />,
    },
    ...(mobile
      ? []
      : ([
          {
            key: 'status',
            title: t('devices.status'),
            render: (_v, row) => <DeviceStatusBadge status={row.status} />,
          },
          { key: 'timezone', title: t('devices.timezone'), render: (_v, row) => row.timezone ?? 'UTC' },
          { key: 'group', title: t('devices.group'), dataIndex: 'group_name' },
        ] satisfies TableColumnsType<DeviceItem>)),
  ];

  return (
    <div id="scheduleDevices" className="schedule-step">
      <Flex wrap gap="small" justify="space-between" align="center" className="schedule-step__bar">
        <KeywordSearch
          id="scheduleDeviceSearch"
          keyword={keyword || undefined}
          placeholder={t('devices.search')}
          width={280}
          onSearch={(next) => {
            setKeyword(next);
            setPage(1);
          }}
        />
        <Typography.Text type="secondary">
          {t('devices.selected', { count: draft.devices.length })}
        </Typography.Text>
      </Flex>
      <StepAlerts messages={refused} type="warning" />
      <Table<DeviceItem>
        rowKey="device_id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: [...chosen],
          preserveSelectedRowKeys: true,
          onSelect: (row, selected) => pick([row], selected),
          onSelectAll: (selected, _rows, changed) => pick(changed, selected),
          getCheckboxProps: (row) => ({ 'aria-label': t('devices.pick', { name: row.device_name }) }),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: pagerTotal(list.data, page, PAGE_SIZE),
          showSizeChanger: false,
          onChange: setPage,
          size: 'small',
        }}
      />
      {draft.devices.length > 0 ? (
        <Flex wrap gap={4} className="schedule-step__chosen" aria-label={t('devices.chosen')}>
          {draft.devices.map((device) => (
            <Tag
              key={device.device_id}
              closable
              onClose={() => onDevices(draft.devices.filter((other) => other.device_id !== device.device_id))}
            >
              <bdi>{device.name}</bdi>
            </Tag>
          ))}
        </Flex>
      ) : null}
    </div>
  );
}
