import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOtaDeviceList } from '../upgrades';

/** Devices found per search (the largest page the upgrade list answers). */
const FOUND = 50;

type Props = Omit<SelectProps<number[]>, 'options' | 'mode' | 'onSearch' | 'showSearch'>;

/**
 * Chooses claimed devices by name, signage ID, MAC or version, searched on the server through the
 * upgrade list (every device the platform's roles see). Chosen devices keep their names while
 * another search runs.
 */
export function DevicePicker(props: Props) {
  const { t } = useTranslation('ota-key');
  const [keyword, setKeyword] = useState('');
  const found = useOtaDeviceList({ page: 1, page_size: FOUND, keyword: keyword || undefined });
  const [names, setNames] = useState(() => new Map<number, string>());
  useEffect(() => {
    const list = found.data?.list;
    if (!list) return;
    setNames((known) => {
      const next = new Map(known);
      for (const device of list) next.set(device.device_id, `${device.device_name} · ${device.signage_id}`);
      return next;
    });
  }, [found.data]);
  const shown = new Set(found.data?.list.map((device) => device.device_id));
  const options = [
    ...(props.value ?? [])
      .filter((id) => !shown.has(id))
      .map((id) => ({ value: id, label: names.get(id) ?? String(id) })),
    ...(found.data?.list ?? []).map((device) => ({
      value: device.device_id,
      label: names.get(device.device_id) ?? device.device_name,
    })),
  ];
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      placeholder={t('placeholder.devices')}
      {...props}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? t('common:select.loading') : t('common:select.noMatch')}
      options={options}
    />
  );
}
