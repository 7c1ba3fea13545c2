import { SENSOR_TYPES, type SensorItem, type SensorType, sensorSaveRequestSchema } from '@vitrine/contract';
import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemDrawerProps } from '../../../components/ItemDrawer';
import { ItemSaveDrawer } from '../../../components/SaveDrawer';
import { SearchSelect } from '../../../components/SearchSelect';
import { useRules } from '../../../lib/form-rules';
import { useDeviceList } from '../../device/api';
import { useSaveSensor } from '../api';
import { SensorTypeIcon } from './SensorTypeIcon';

type Values = { sensor_id: string; name: string; type: SensorType; device_ids: number[] };

const FORM_ID = 'sensorForm';
const shape = sensorSaveRequestSchema.shape;
/** The screens offered at once: the device list's largest page, names first. */
const SCREENS_QUERY = { page: 1, page_size: 200, sort: 'device_name,asc' };

const screenLabel = (name: string | null, signageId: string) => `${name ?? signageId} (${signageId})`;

function ScreensSelect({ item }: { item: SensorItem | null }) {
  const { t } = useTranslation('sensor');
  const list = useDeviceList(SCREENS_QUERY);
  // The sensor's own screens are offered even beyond the first page.
  const options = new Map<number, string>(
    (item?.devices ?? []).map((screen) => [screen.id, screenLabel(screen.name, screen.signage_id)]),
  );
  for (const device of list.data?.list ?? []) {
    options.set(device.device_id, screenLabel(device.device_name, device.signage_id));
  }
  return (
    <Form.Item name="device_ids" label={t('field.screens')} extra={t('screensHelp')}>
      <SearchSelect<number[]>
        mode="multiple"
        placeholder={t('placeholder.screens')}
        loading={list.isPending}
        options={[...options].map(([value, label]) => ({ value, label }))}
      />
    </Form.Item>
  );
}

function SensorForm({ item, onSubmit }: { item: SensorItem | null; onSubmit: (values: Values) => void }) {
  const { t } = useTranslation('sensor');
  const rules = useRules();
  const initial: Values = item
    ? { ...item, device_ids: item.devices.map((screen) => screen.id) }
    : { sensor_id: '', name: '', type: 'nfc', device_ids: [] };
  return (
    <Form<Values> id={FORM_ID} layout="vertical" onFinish={onSubmit} initialValues={initial}>
      <Form.Item
        required
        name="sensor_id"
        label={t('field.sensorId')}
        extra={t('sensorIdHelp')}
        rules={[rules.zod(shape.sensor_id)]}
      >
        <Input autoComplete="off" dir="ltr" maxLength={64} />
      </Form.Item>
      <Form.Item required name="name" label={t('field.name')} rules={[rules.zod(shape.name)]}>
        <Input autoComplete="off" dir="auto" maxLength={64} />
      </Form.Item>
      <Form.Item required name="type" label={t('field.type')}>
        <Select
          options={SENSOR_TYPES.map((type) => ({
            value: type,
            label: (
              <Space size={8}>
                <SensorTypeIcon type={type} />
                {t(`type.${type}`)}
              </Space>
            ),
          }))}
        />
      </Form.Item>
      <ScreensSelect item={item} />
    </Form>
  );
}

/** Registers a sensor or edits one: its ID, name, type and the screens that listen. */
export function SensorDrawer({ item, ...props }: ItemDrawerProps<SensorItem>) {
  const { t } = useTranslation('sensor');
  const save = useSaveSensor();
  return (
    <ItemSaveDrawer
      {...props}
      item={item}
      title={t(item ? 'edit' : 'add')}
      formId={FORM_ID}
      save={save}
      savedText={t('saved')}
    >
      {(submit) => <SensorForm item={item} onSubmit={submit} />}
    </ItemSaveDrawer>
  );
}
