import type { DeviceKeyIssued } from '@vitrine/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { SaveDrawer } from '../../../components/SaveDrawer';
import { useRules } from '../../../lib/form-rules';
import { useIssueDeviceKeys } from '../key-api';
import { savingWith } from './KeySecretDialog';
import { DeviceTargetSelect, type Target } from './PlanTargetSelect';
import { chosenDevicesSchema, targetIds } from './target-ids';

const FORM_ID = 'otaDeviceKeyForm';

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
        <Form<{ devices: Target[] }>
          id={FORM_ID}
          layout="vertical"
          initialValues={{ devices: [] }}
          onFinish={(values) => send(targetIds(values.devices))}
        >
          <Form.Item
            required
            name="devices"
            label={t('field.devices')}
            extra={t('device.hint')}
            rules={[rules.zod(chosenDevicesSchema)]}
          >
            <DeviceTargetSelect placeholder={t('placeholder.devices')} />
          </Form.Item>
        </Form>
      )}
    </SaveDrawer>
  );
}
