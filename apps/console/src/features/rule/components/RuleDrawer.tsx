import {
  type DeviceFeature,
  deviceBrightnessSchema,
  deviceVolumeSchema,
  type ProgramRef,
  RULE_ACTIONS,
  RULE_EVENTS,
  RULE_RECURRENCES,
  type RuleActionName,
  type RuleActionRequest,
  type RuleEvent,
  type RuleItem,
  type RuleRecurrence,
  type RuleRequest,
  ruleRequestSchema,
} from '@vitrine/contract';
import { Checkbox, Form, Input, Segmented, Select, Switch, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ItemDrawerProps } from '../../../components/ItemDrawer';
import { NumberInput } from '../../../components/NumberInput';
import { ItemSaveDrawer } from '../../../components/SaveDrawer';
import { useRules } from '../../../lib/form-rules';
import { useSession } from '../../../lib/session';
import { DefaultProgramSelect, DevicePicker, WEEK_ORDER, weekdayName } from '../../device/ui';
import { useSensorList } from '../../sensor/api';
import { useUserList } from '../../team/api';
import { useSaveRule } from '../api';

const KINDS = ['time', 'sensor', 'event'] as const;
type Kind = (typeof KINDS)[number];
/** The player feature each command action needs (docs/device-features.md). */
const FEATURES: Partial<Record<RuleActionName, DeviceFeature>> = {
  'power-on': 'screen-on',
  'power-off': 'screen-off',
  brightness: 'brightness',
  volume: 'volume',
  screenshot: 'screenshot',
  restart: 'reboot',
};
const FORMAT = 'HH:mm';
const FORM_ID = 'ruleForm';
/** The longest lists the pickers offer at once (the list calls' largest page). */
const PICKER_PAGE = { page: 1, page_size: 200 } as const;

type Values = {
  name: string;
  enabled: boolean;
  kind: Kind;
  recurrence: RuleRecurrence;
  days: number[];
  at: string;
  sensor_ids: number[];
  event: RuleEvent;
  actions: RuleActionName[];
  brightness: number;
  volume: number;
  program: ProgramRef | null;
  user_ids: number[];
  device_ids: number[];
};

function initialOf(item: RuleItem | null): Values {
  const trigger = item?.trigger;
  const action = <A extends RuleActionName>(name: A) => item?.actions.find((one) => one.action === name);
  const brightness = action('brightness');
  const volume = action('volume');
  const program = action('switch-content');
  const mail = action('mail');
  return {
    name: item?.name ?? '',
    enabled: item?.enabled ?? true,
    kind: trigger?.kind ?? 'time',
    recurrence: trigger?.kind === 'time' ? trigger.recurrence : 'daily',
    days: trigger?.kind === 'time' ? trigger.days : [],
    at: trigger?.kind === 'time' ? trigger.at : '08:00',
    sensor_ids: trigger?.kind === 'sensor' ? trigger.sensors.map((sensor) => sensor.id) : [],
    event: trigger?.kind === 'event' ? trigger.event : 'offline',
    actions: item?.actions.map((one) => one.action) ?? [],
    brightness: brightness && 'value' in brightness ? brightness.value : 50,
    volume: volume && 'value' in volume ? volume.value : 50,
    program:
      program?.action === 'switch-content' ? { kind: program.program.kind, id: program.program.id } : null,
    user_ids: mail?.action === 'mail' ? mail.users.map((user) => user.id) : [],
    device_ids: item?.devices.map((device) => device.id) ?? [],
  };
}

function toBody(values: Values): RuleRequest {
  const trigger: RuleRequest['trigger'] =
    values.kind === 'time'
      ? { kind: 'time', recurrence: values.recurrence, days: values.days, at: values.at }
      : values.kind === 'sensor'
        ? { kind: 'sensor', sensor_ids: values.sensor_ids }
        : { kind: 'event', event: values.event };
  const actions = RULE_ACTIONS.filter((name) => values.actions.includes(name)).map(
    (name): RuleActionRequest => {
      switch (name) {
        case 'brightness':
          return { action: name, value: values.brightness };
        case 'volume':
          return { action: name, value: values.volume };
        case 'switch-content':
          return { action: name, program: values.program as ProgramRef };
        case 'mail':
          return { action: name, user_ids: values.user_ids };
        default:
          return { action: name };
      }
    },
  );
  return {
    name: values.name.trim(),
    enabled: values.enabled,
    trigger,
    actions,
    device_ids: values.device_ids,
  };
}

// The form keeps "HH:mm", as the contract does; the picker shows it as a time.
const asTime = (value: string | undefined) => ({ value: value ? dayjs(`2000-01-01T${value}`) : null });
const fromTime = (value: Dayjs | null) => value?.format(FORMAT);

type FormProps = { item: RuleItem | null; onSubmit: (values: Values) => void };

function RuleForm({ item, onSubmit }: FormProps) {
  const { t } = useTranslation(['rule', 'device']);
  const rules = useRules();
  const [form] = Form.useForm<Values>();
  const session = useSession();
  const workspaceId = item?.group_id ?? session.workspaceId;
  const kind = (Form.useWatch('kind', form) ?? initialOf(item).kind) as Kind;
  const recurrence = Form.useWatch('recurrence', form) as RuleRecurrence | undefined;
  const chosen = (Form.useWatch('actions', form) ?? initialOf(item).actions) as RuleActionName[];
  const sensors = useSensorList({ ...PICKER_PAGE });
  const users = useUserList({ ...PICKER_PAGE }, chosen.includes('mail'));
  // Every value the form holds, not only the mounted fields' (a hidden trigger's keep theirs).
  const submit = () => onSubmit(form.getFieldsValue(true) as Values);
  const required = rules.required('validation.required');
  // At least one action (the server says the same).
  const someAction = {
    validator: async (_rule: unknown, actions: RuleActionName[] | undefined) => {
      if (!actions?.length) throw new Error(t('contract:rule.actions'));
    },
  };

  return (
    <Form<Values>
      id={FORM_ID}
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={initialOf(item)}
    >
      <Form.Item name="name" label={t('field.name')} rules={[rules.zod(ruleRequestSchema.shape.name)]}>
        <Input autoComplete="off" dir="auto" />
      </Form.Item>
      <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Typography.Title level={5}>{t('when')}</Typography.Title>
      <Form.Item name="kind" label={t('field.trigger')}>
        <Segmented block options={KINDS.map((value) => ({ value, label: t(`trigger.${value}`) }))} />
      </Form.Item>
      {kind === 'time' ? (
        <>
          <Form.Item name="recurrence" label={t('field.recurrence')}>
            <Select options={RULE_RECURRENCES.map((value) => ({ value, label: t(`recurrence.${value}`) }))} />
          </Form.Item>
          {recurrence === 'days' ? (
            <Form.Item name="days" label={t('field.days')} rules={[required]}>
              <Checkbox.Group
                options={WEEK_ORDER.map((day) => ({ value: day, label: weekdayName(day, true) }))}
              />
            </Form.Item>
          ) : null}
          <Form.Item
            name="at"
            label={t('field.at')}
            extra={t('help.at')}
            rules={[required]}
            getValueProps={asTime}
            normalize={fromTime}
          >
            <TimePicker format={FORMAT} needConfirm={false} allowClear={false} />
          </Form.Item>
        </>
      ) : null}
      {kind === 'sensor' ? (
        <Form.Item name="sensor_ids" label={t('field.sensors')} extra={t('help.sensors')} rules={[required]}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            loading={sensors.isPending}
            options={(sensors.data?.list ?? []).map((sensor) => ({
              value: sensor.id,
              label: `${sensor.name} (${sensor.sensor_id})`,
            }))}
          />
        </Form.Item>
      ) : null}
      {kind === 'event' ? (
        <Form.Item name="event" label={t('field.event')} extra={t('help.event')}>
          <Select options={RULE_EVENTS.map((value) => ({ value, label: t(`event.${value}`) }))} />
        </Form.Item>
      ) : null}
      <Typography.Title level={5}>{t('then')}</Typography.Title>
      <Form.Item name="actions" label={t('field.actions')} extra={t('help.actions')} rules={[someAction]}>
        <Checkbox.Group options={RULE_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) }))} />
      </Form.Item>
      {chosen.includes('brightness') ? (
        <Form.Item
          name="brightness"
          label={t('device:command.brightness')}
          rules={[rules.zod(deviceBrightnessSchema)]}
        >
          <NumberInput min={1} max={100} suffix="%" />
        </Form.Item>
      ) : null}
      {chosen.includes('volume') ? (
        <Form.Item name="volume" label={t('device:command.volume')} rules={[rules.zod(deviceVolumeSchema)]}>
          <NumberInput min={0} max={100} suffix="%" />
        </Form.Item>
      ) : null}
      {chosen.includes('switch-content') && workspaceId !== null ? (
        <Form.Item name="program" label={t('field.program')} rules={[required]}>
          <DefaultProgramSelect workspaceId={workspaceId} />
        </Form.Item>
      ) : null}
      {chosen.includes('mail') ? (
        <Form.Item name="user_ids" label={t('field.users')} rules={[required]}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            loading={users.isPending}
            options={(users.data?.list ?? []).map((user) => ({
              value: user.user_id,
              label: `${user.username} <${user.email}>`,
            }))}
          />
        </Form.Item>
      ) : null}
      {workspaceId !== null ? (
        <DevicePicker
          name="device_ids"
          label={t('field.devices')}
          extra={t('help.devices')}
          groupId={workspaceId}
          features={chosen.flatMap((name) => FEATURES[name] ?? [])}
        />
      ) : null}
    </Form>
  );
}

/** Adds or edits a rule: when it fires, what it does, on which screens. */
export function RuleDrawer({ item, ...props }: ItemDrawerProps<RuleItem>) {
  const { t } = useTranslation('rule');
  const save = useSaveRule();
  return (
    <ItemSaveDrawer
      {...props}
      item={item}
      title={t(item ? 'edit' : 'add')}
      formId={FORM_ID}
      save={save}
      savedText={t('saved')}
    >
      {(submit) => <RuleForm item={item} onSubmit={(values) => submit(toBody(values))} />}
    </ItemSaveDrawer>
  );
}
