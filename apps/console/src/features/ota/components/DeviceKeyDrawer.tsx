import { type DeviceKeyIssued, deviceKeyIssueRequestSchema } from '@vitrine/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { SaveDrawer } from '../../../components/SaveDrawer';
import { useRules } from '../../../lib/form-rules';
import { useIssueDeviceKeys } from '../key-api';
import { DevicePicker } from './DevicePicker';
import { savingWith } from './KeySecretDialog';

const FORM_ID = 'otaDeviceKeyForm';
const shape = deviceKeyIssueRequestSchema.shape;

/** Issues device keys to chosen devices (a device that has one gets a new one); the keys go to `onIssued`. */
export function DeviceKeyDrawer({
  open,
  onClose,
  onIssued,
}: {
  open: boolean;
  onClose: () => void;
  onIssued: (issued: DeviceKeyIssued) => void;
}) {
  const { t } = useTranslation('ota-key');
  const rules = useRules();
  const issue = useIssueDeviceKeys(true);
  return (
    <SaveDrawer
      open={open}
      onClose={onClose}
      title={t('device.create')}
      formId={FORM_ID}
      save={savingWith(issue, onIssued)}
      savedText={t('device.created')}
    >
      {(send) => (
        <Form<{ device_ids: number[] }>
          id={FORM_ID}
          layout="vertical"
          initialValues={{ device_ids: [] }}
          onFinish={(values) => send(values.device_ids)}
        >
          <Form.Item
            required
            name="device_ids"
            label={t('field.devices')}
            extra={t('device.hint')}
            rules={[rules.zod(shape.device_ids)]}
          >
            <DevicePicker />
          </Form.Item>
        </Form>
      )}
    </SaveDrawer>
  );
}
