import {
  LICENSE_TYPES,
  LICENSE_VALIDITY_TYPES,
  type LicenseBatchCreateRequest,
  type LicenseType,
  type LicenseValidityType,
  licenseBatchCreateRequestSchema,
} from '@vitrine/contract';
import { DatePicker, Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/NumberInput';
import { SaveDrawer } from '../../../components/SaveDrawer';
import { leftToRight } from '../../../lib/bidi';
import { useRules } from '../../../lib/form-rules';
import { useCreateBatch } from '../api';

type Values = {
  type: LicenseType;
  batch_no: string;
  validity_type: LicenseValidityType;
  effect_days?: number | null;
  expiration_date?: Dayjs | null;
  quantity: number | null;
};
type Props = { open: boolean; onClose: () => void };
const shape = licenseBatchCreateRequestSchema.shape;
const DATE_FORMAT = 'YYYY-MM-DD';

/** "New batch": the platform creates licences, checked as the server checks them. */
export function BatchDrawer({ open, onClose }: Props) {
  const { t } = useTranslation('license');
  const rules = useRules();
  const [form] = Form.useForm<Values>();
  const create = useCreateBatch();
  const validity = Form.useWatch('validity_type', form) ?? 'permanent';
  const batchNo = Form.useWatch('batch_no', form) ?? '';

  const body = (values: Values): LicenseBatchCreateRequest => ({
    type: values.type,
    batch_no: values.batch_no.trim(),
    validity_type: values.validity_type,
    effect_days: values.validity_type === 'days' ? values.effect_days : null,
    expiration_date:
      values.validity_type === 'date' ? (values.expiration_date?.format(DATE_FORMAT) ?? null) : null,
    quantity: values.quantity ?? 0,
  });

  return (
    <SaveDrawer<LicenseBatchCreateRequest>
      open={open}
      onClose={onClose}
      title={t('batch.title')}
      formId="batchForm"
      save={create}
      savedText={t('batch.created', { batch: leftToRight(batchNo.trim()) })}
    >
      {(send) => (
        <Form<Values>
          name="batchForm"
          form={form}
          layout="vertical"
          onFinish={(values) => send(body(values))}
          initialValues={{ type: 'commercial', validity_type: 'permanent' }}
        >
          <Form.Item name="type" label={t('column.type')}>
            <Radio.Group
              optionType="button"
              options={LICENSE_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="batch_no"
            label={t('column.batchNo')}
            extra={t('batch.batchNoHint')}
            rules={[rules.zod(shape.batch_no)]}
          >
            <Input autoComplete="off" dir="ltr" />
          </Form.Item>
          <Form.Item name="validity_type" label={t('column.validity')}>
            <Radio.Group
              options={LICENSE_VALIDITY_TYPES.map((type) => ({
                value: type,
                label: t(`batch.validity.${type}`),
              }))}
            />
          </Form.Item>
          {validity === 'days' ? (
            <Form.Item
              name="effect_days"
              label={t('batch.effectDays')}
              rules={[rules.zod(shape.effect_days.unwrap().unwrap())]}
            >
              <NumberInput min={1} max={36500} />
            </Form.Item>
          ) : null}
          {validity === 'date' ? (
            <Form.Item
              name="expiration_date"
              label={t('batch.expirationDate')}
              rules={[rules.required('validation.license.expirationDate')]}
            >
              <DatePicker
                format={DATE_FORMAT}
                style={{ width: '100%' }}
                disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              />
            </Form.Item>
          ) : null}
          <Form.Item name="quantity" label={t('column.quantity')} rules={[rules.zod(shape.quantity)]}>
            <NumberInput min={1} max={9999} />
          </Form.Item>
        </Form>
      )}
    </SaveDrawer>
  );
}
