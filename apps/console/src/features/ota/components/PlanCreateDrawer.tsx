import {
  OTA_PLAN_TIMINGS,
  type OtaPlanCreateRequest,
  type OtaPlanTiming,
  otaPlanCreateRequestSchema,
  otaPlanTargetsSchema,
} from '@vitrine/contract';
import { DatePicker, Form, type FormRule, Input, Radio, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SaveDrawer } from '../../../components/SaveDrawer';
import { SearchSelect } from '../../../components/SearchSelect';
import { leftToRight } from '../../../lib/bidi';
import { useRules } from '../../../lib/form-rules';
import { i18n } from '../../../lib/i18n';
import { usePackageList } from '../api';
import { useCreatePlan } from '../plans';
import { ModelSelect } from './ModelSelect';
import { DeviceTargetSelect, type Target, WorkspaceTargetSelect } from './PlanTargetSelect';

type Values = {
  name: string;
  description?: string;
  package_id?: number;
  devices?: Target[];
  workspaces?: Target[];
  model_ids?: number[];
  mandatory: boolean;
  timing: OtaPlanTiming;
  at?: Dayjs | null;
  window?: [Dayjs | null, Dayjs | null] | null;
};

const FORM_ID = 'otaPlanForm';
const shape = otaPlanCreateRequestSchema.shape;
/** The uploaded packages one page holds (the contract's largest page), newest first. */
const PACKAGES = { page: 1, page_size: 200, sort: 'version,desc' } as const;
/** How a date-time picker reads and shows a local date-time. */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm';
const localDateTime = (value: Dayjs) => value.format('YYYY-MM-DDTHH:mm');
const contractText = (key: string) => i18n.t(`contract:${key}`);

const targetsOf = (values: Partial<Values>) => ({
  device_ids: (values.devices ?? []).map((target) => target.value),
  workspace_ids: (values.workspaces ?? []).map((target) => target.value),
  model_ids: values.model_ids ?? [],
});

/** What the form sends: only the times its timing needs. */
export function planBody(values: Values): OtaPlanCreateRequest {
  const [start, end] = values.window ?? [null, null];
  return {
    name: values.name.trim(),
    description: values.description?.trim() ?? '',
    package_id: values.package_id as number,
    targets: targetsOf(values),
    mandatory: values.mandatory,
    timing: values.timing,
    at: values.timing === 'at' && values.at ? localDateTime(values.at) : null,
    window_start: values.timing === 'window' && start ? localDateTime(start) : null,
    window_end: values.timing === 'window' && end ? localDateTime(end) : null,
  };
}

/** At least one device, workspace or model, as the contract says; shown under the devices. */
const targetsRule: FormRule = ({ getFieldsValue }) => ({
  validator: async () => {
    const result = otaPlanTargetsSchema.safeParse(targetsOf(getFieldsValue(true)));
    if (!result.success)
      throw new Error(contractText(result.error.issues[0]?.message ?? 'validation.invalid'));
  },
});

const timeRequired: FormRule = {
  validator: async (_rule, value: unknown) => {
    const values = Array.isArray(value) ? value : [value];
    if (!value || values.some((part) => !part)) throw new Error(contractText('validation.ota.plan.time'));
  },
};

const windowOrder: FormRule = {
  validator: async (_rule, value?: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = value ?? [null, null];
    if (start && end && !end.isAfter(start, 'minute'))
      throw new Error(contractText('validation.ota.plan.window'));
  },
};

type Props = { open: boolean; onClose: () => void };

/**
 * "New plan": a name, the uploaded package, its targets (devices, workspaces, models: at least
 * one), mandatory or offered, and when (at once, from a time, within a window: on each screen's
 * own clock). A refusal shows above the form.
 */
export function PlanCreateDrawer({ open, onClose }: Props) {
  const { t } = useTranslation('ota');
  const rules = useRules();
  const create = useCreatePlan();
  const packages = usePackageList(PACKAGES);
  const [form] = Form.useForm<Values>();
  const timing = Form.useWatch('timing', form) ?? 'instant';
  const uploaded = (packages.data?.list ?? []).filter((item) => !item.builtin);
  /** Closing forgets what was filled in: the next plan starts from an empty form. */
  const close = () => {
    form.resetFields();
    onClose();
  };

  return (
    <SaveDrawer
      open={open}
      onClose={close}
      title={t('plan.add')}
      formId={FORM_ID}
      save={create}
      savedText={t('plan.created')}
    >
      {(send) => (
        <Form<Values>
          id={FORM_ID}
          form={form}
          layout="vertical"
          initialValues={{ mandatory: false, timing: 'instant' }}
          onFinish={(values) => send(planBody(values))}
        >
          <Form.Item required name="name" label={t('plan.field.name')} rules={[rules.zod(shape.name)]}>
            <Input autoComplete="off" dir="auto" maxLength={64} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('plan.field.description')}
            rules={[rules.zod(shape.description)]}
          >
            <Input.TextArea dir="auto" maxLength={256} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Form.Item
            required
            name="package_id"
            label={t('plan.field.package')}
            rules={[rules.zod(shape.package_id)]}
          >
            <SearchSelect<number>
              placeholder={t('plan.placeholder.package')}
              loading={packages.isFetching}
              options={uploaded.map((item) => ({
                value: item.id,
                label: `${leftToRight(item.version)} · ${item.models.map((model) => model.name).join(', ')}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            required
            name="devices"
            label={t('plan.field.devices')}
            extra={t('plan.targetsHint')}
            rules={[targetsRule]}
          >
            <DeviceTargetSelect placeholder={t('plan.placeholder.devices')} />
          </Form.Item>
          <Form.Item name="workspaces" label={t('plan.field.workspaces')}>
            <WorkspaceTargetSelect
              placeholder={t('plan.placeholder.workspaces')}
              onChange={() => void form.validateFields(['devices'])}
            />
          </Form.Item>
          <Form.Item name="model_ids" label={t('plan.field.models')}>
            <ModelSelect
              mode="multiple"
              allowClear
              placeholder={t('plan.placeholder.models')}
              onChange={() => void form.validateFields(['devices'])}
            />
          </Form.Item>
          <Form.Item
            name="mandatory"
            label={t('plan.field.mandatory')}
            valuePropName="checked"
            extra={t('plan.mandatoryHint')}
          >
            <Switch />
          </Form.Item>
          <Form.Item name="timing" label={t('plan.field.timing')} extra={t('plan.clockHint')}>
            <Radio.Group
              options={OTA_PLAN_TIMINGS.map((value) => ({ value, label: t(`plan.timing.${value}`) }))}
            />
          </Form.Item>
          {timing === 'at' ? (
            <Form.Item required name="at" label={t('plan.field.at')} rules={[timeRequired]}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format={PICKER_FORMAT}
                style={{ inlineSize: '100%' }}
              />
            </Form.Item>
          ) : null}
          {timing === 'window' ? (
            <Form.Item
              required
              name="window"
              label={t('plan.field.window')}
              rules={[timeRequired, windowOrder]}
            >
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format={PICKER_FORMAT}
                style={{ inlineSize: '100%' }}
              />
            </Form.Item>
          ) : null}
        </Form>
      )}
    </SaveDrawer>
  );
}
