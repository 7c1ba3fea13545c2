import { DEVICE_COMMAND_LIMIT } from '@vitrine/contract';
import { Form, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../../components/SearchSelect';
import { i18n } from '../../../lib/i18n';
import { useDeviceList } from '../api';
import { useUnsupported } from '../components/feature-gate';

/** The most devices the picker offers at once (the list call's largest page). */
const PICKER_PAGE_SIZE = 200;

// At least one device (an empty selection is an empty list, not a missing value), at most the limit.
const idsRule: FormRule = {
  validator: async (_rule, ids: number[] | undefined) => {
    if (!ids?.length) throw new Error(i18n.t('contract:validation.required'));
    if (ids.length > DEVICE_COMMAND_LIMIT) {
      throw new Error(i18n.t('contract:device.limit', { limit: DEVICE_COMMAND_LIMIT }));
    }
  },
};

/** The `ids` field of a batch form: devices of the workspace, at most DEVICE_COMMAND_LIMIT. */
export function DevicePicker() {
  const { t } = useTranslation('device');
  const list = useDeviceList({ page: 1, page_size: PICKER_PAGE_SIZE, sort: 'device_name,asc' });
  const unsupported = useUnsupported();
  const options = (list.data?.list ?? []).map((device) => {
    // A screen whose player has no timers cannot be picked (the server would refuse the batch).
    const why = unsupported([device], 'timers');
    return {
      value: device.device_id,
      label: `${device.device_name} (${device.signage_id})`,
      disabled: why !== null,
      title: why ?? undefined,
    };
  });
  return (
    <Form.Item
      name="ids"
      label={t('timer.devices')}
      extra={t('timer.devicesHelp', { limit: DEVICE_COMMAND_LIMIT })}
      rules={[idsRule]}
    >
      <SearchSelect<number[]> mode="multiple" options={options} loading={list.isPending} />
    </Form.Item>
  );
}
