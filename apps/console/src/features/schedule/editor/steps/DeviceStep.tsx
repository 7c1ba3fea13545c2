import type { DeviceItem } from '@vitrine/contract';
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLayoutMode } from '../../../../lib/layout-mode';
import { useDeviceList } from '../../../device/api';
import { DeviceStatusBadge } from '../../../device/ui';
import { type DeviceChoice, type Draft, deviceChoiceOf, isPortraitDevice } from '../draft';
import { StepAlerts } from '../EditorParts';
import { ChosenTags, PickBar, PickTable, usePickSearch } from '../PickParts';
import { useRefusals } from '../refusals';

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
  const search = usePickSearch();
  const list = useDeviceList({ ...search.query, sort: 'device_name,asc' });
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
      <PickBar
        id="scheduleDeviceSearch"
        search={search}
        placeholder={t('devices.search')}
        count={t('devices.selected', { count: draft.devices.length })}
      />
      <StepAlerts messages={refused} type="warning" />
      <PickTable<DeviceItem>
        rowKey="device_id"
        columns={columns}
        list={list}
        search={search}
        chosen={chosen}
        onPick={pick}
        tick={(row) => ({ 'aria-label': t('devices.pick', { name: row.device_name }) })}
      />
      <ChosenTags
        label={t('devices.chosen')}
        chosen={draft.devices.map((device) => ({ key: device.device_id, name: device.name }))}
        onRemove={(key) => onDevices(draft.devices.filter((device) => device.device_id !== key))}
      />
    </div>
  );
}
