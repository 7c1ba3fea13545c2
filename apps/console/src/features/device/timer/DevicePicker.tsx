import { DEVICE_COMMAND_LIMIT, type DeviceFeature, type DeviceItem } from '@vitrine/contract';
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

type Props = {
  /** The form field (the timer page's `ids`). */
  name?: string;
  label?: string;
  /** The help under the field. */
  extra?: string;
  /** What the devices must support: one whose player lacks any cannot be picked. */
  features?: readonly DeviceFeature[];
  /** The workspace whose devices are offered; none: every device the caller sees. */
  groupId?: number;
  /** Which of the listed devices are offered (a preset's model). */
  accept?: (device: DeviceItem) => boolean;
};

/** The devices field of a batch form: devices of the workspace, at most DEVICE_COMMAND_LIMIT. */
export function DevicePicker({ name = 'ids', label, extra, features = ['timers'], groupId, accept }: Props) {
  const { t } = useTranslation('device');
  const list = useDeviceList({
    page: 1,
    page_size: PICKER_PAGE_SIZE,
    sort: 'device_name,asc',
    ...(groupId === undefined ? {} : { group_id: groupId }),
  });
  const unsupported = useUnsupported();
  const options = (list.data?.list ?? [])
    .filter((device) => (groupId === undefined || device.group_id === groupId) && (accept?.(device) ?? true))
    .map((device) => {
      // A screen whose player lacks a feature cannot be picked (the server would refuse or skip it).
      const why =
        features.map((feature) => unsupported([device], feature)).find((text) => text !== null) ?? null;
      return {
        value: device.device_id,
        label: `${device.device_name} (${device.signage_id})`,
        disabled: why !== null,
        title: why ?? undefined,
      };
    });
  return (
    <Form.Item
      name={name}
      label={label ?? t('timer.devices')}
      extra={extra ?? t('timer.devicesHelp', { limit: DEVICE_COMMAND_LIMIT })}
      rules={[idsRule]}
    >
      <SearchSelect<number[]> mode="multiple" options={options} loading={list.isPending} />
    </Form.Item>
  );
}
