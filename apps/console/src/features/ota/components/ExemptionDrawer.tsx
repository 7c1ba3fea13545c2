import {
  type ExemptionCreateRequest,
  exemptionCreateRequestSchema,
  OTA_VALIDATIONS,
} from '@vitrine/contract';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { SaveDrawer } from '../../../components/SaveDrawer';
import { useRules } from '../../../lib/form-rules';
import { useCreateExemption } from '../key-api';
import { DeviceTargetSelect, type Target } from './PlanTargetSelect';
import { chosenDevicesSchema, targetIds } from './target-ids';

type Values = Omit<ExemptionCreateRequest, 'device_ids'> & { devices: Target[] };

const FORM_ID = 'otaExemptionForm';
const shape = exemptionCreateRequestSchema.shape;

/** Exempts devices from one of the validations a plan applies when it is created. */
export function ExemptionDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('ota-key');
  const rules = useRules();
  const create = useCreateExemption();
  return (
    <SaveDrawer
      open={open}
      onClose={onClose}
      title={t('exemption.create')}
      formId={FORM_ID}
      save={create}
      savedText={t('exemption.created')}
    >
      {(send) => (
        <Form<Values>
          id={FORM_ID}
          layout="vertical"
          initialValues={{ validation: 'version', devices: [], description: '' }}
          onFinish={({ devices, ...values }) => send({ ...values, device_ids: targetIds(devices) })}
        >
          <Form.Item required name="validation" label={t('field.validation')}>
            <Radio.Group>
              {OTA_VALIDATIONS.map((validation) => (
                <Radio key={validation} value={validation} style={{ display: 'flex', marginBottom: 8 }}>
                  {t(`validation.${validation}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item
            required
            name="devices"
            label={t('field.devices')}
            rules={[rules.zod(chosenDevicesSchema)]}
          >
            <DeviceTargetSelect placeholder={t('placeholder.devices')} />
          </Form.Item>
          <Form.Item name="description" label={t('field.description')} rules={[rules.zod(shape.description)]}>
            <Input.TextArea dir="auto" maxLength={256} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Form>
      )}
    </SaveDrawer>
  );
}
