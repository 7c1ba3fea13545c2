import {
  type DeviceTimer,
  deviceBrightnessSchema,
  deviceScreenshotIntervalSchema,
  deviceTimezoneSchema,
  deviceVolumeSchema,
  type PresetItem,
  type PresetRequest,
  type ProgramRef,
  pinSchema,
  presetRequestSchema,
} from '@vitrine/contract';
import { Card, Form, Input, Segmented, Select, Switch, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemDrawerProps } from '../../../components/ItemDrawer';
import { NumberInput } from '../../../components/NumberInput';
import { ItemSaveDrawer } from '../../../components/SaveDrawer';
import { useRules } from '../../../lib/form-rules';
import { useSession } from '../../../lib/session';
import { timeZoneOptions } from '../../account/ui';
import { DefaultProgramSelect, TimerPeriods } from '../../device/ui';
import { useSavePreset } from '../api';
import { useModelOptions } from './model-options';

/** The properties a preset may set, each turned on by its own switch. */
const SECTIONS = [
  'brightness',
  'sound',
  'orientation',
  'timezone',
  'screenshot_interval',
  'timers',
  'default_program',
  'lock',
] as const;
type Section = (typeof SECTIONS)[number];
const ORIENTATIONS = [0, 90, 180, 270] as const;

type Values = {
  name: string;
  /** 0: every screen of the workspace. */
  model_id: number;
  auto_apply: boolean;
  on: Record<Section, boolean>;
  brightness: number;
  mute: boolean;
  volume: number | null;
  orientation: (typeof ORIENTATIONS)[number];
  timezone: string;
  /** Minutes; 0: screenshots on command only. */
  screenshot_interval: number;
  timers_enabled: boolean;
  timers: DeviceTimer[];
  default_program: ProgramRef | null;
  locked: boolean;
  pin?: string;
};

const FORM_ID = 'presetForm';
const EVERY_MODEL = 0;

function initialOf(item: PresetItem | null): Values {
  const properties = item?.properties;
  return {
    name: item?.name ?? '',
    model_id: item?.model_id ?? EVERY_MODEL,
    auto_apply: item?.auto_apply ?? false,
    on: Object.fromEntries(SECTIONS.map((section) => [section, properties?.[section] != null])) as Record<
      Section,
      boolean
    >,
    brightness: properties?.brightness ?? 80,
    mute: properties?.sound?.mute ?? false,
    volume: properties?.sound?.volume ?? 50,
    orientation: (properties?.orientation ?? 0) as Values['orientation'],
    // A new one starts from the zone of the browser the console runs in.
    timezone: properties?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    screenshot_interval: properties?.screenshot_interval ?? 15,
    timers_enabled: properties?.timers?.enabled ?? true,
    timers: properties?.timers?.timers ?? [],
    default_program: properties?.default_program
      ? { kind: properties.default_program.kind, id: properties.default_program.id }
      : null,
    locked: properties?.lock?.locked ?? true,
  };
}

function toBody(values: Values): PresetRequest {
  const { on } = values;
  return {
    name: values.name.trim(),
    model_id: values.model_id === EVERY_MODEL ? null : values.model_id,
    auto_apply: values.auto_apply,
    properties: {
      brightness: on.brightness ? values.brightness : null,
      sound: on.sound ? { mute: values.mute, volume: values.mute ? null : values.volume } : null,
      orientation: on.orientation ? values.orientation : null,
      timezone: on.timezone ? values.timezone : null,
      screenshot_interval: on.screenshot_interval ? values.screenshot_interval : null,
      timers: on.timers ? { enabled: values.timers_enabled, timers: values.timers ?? [] } : null,
      default_program: on.default_program ? values.default_program : null,
      lock: on.lock
        ? { locked: values.locked, ...(values.locked && values.pin ? { pin: values.pin } : {}) }
        : null,
    },
  };
}

/** A property's card: its switch in the title, its fields below while it is on. */
function Section({ section, children }: { section: Section; children: ReactNode }) {
  const { t } = useTranslation('preset');
  const on = Form.useWatch(['on', section]) as boolean | undefined;
  return (
    <Card
      size="small"
      title={t(`property.${section}`)}
      extra={
        <Form.Item name={['on', section]} valuePropName="checked" noStyle>
          <Switch aria-label={t('setProperty', { property: t(`property.${section}`) })} />
        </Form.Item>
      }
      styles={{ body: on ? undefined : { display: 'none' } }}
    >
      {on ? children : null}
    </Card>
  );
}

type FormProps = { item: PresetItem | null; onSubmit: (values: Values) => void };

function PresetForm({ item, onSubmit }: FormProps) {
  const { t } = useTranslation(['preset', 'device']);
  const rules = useRules();
  const [form] = Form.useForm<Values>();
  const session = useSession();
  const workspaceId = item?.group_id ?? session.workspaceId;
  const models = useModelOptions(workspaceId);
  const muted = Form.useWatch('mute', form) as boolean | undefined;
  const locked = Form.useWatch('locked', form) as boolean | undefined;
  const hadLock = item?.properties.lock?.locked === true;
  const zones = useMemo(timeZoneOptions, []);
  // At least one property (the server says the same): checked on submit, shown under the heading.
  const [empty, setEmpty] = useState(false);
  // Every value the form holds, not only the mounted fields': a section's fields mount when it is
  // turned on, and keep their initial values until then.
  const submit = () => {
    const values = form.getFieldsValue(true) as Values;
    const none = !SECTIONS.some((section) => values.on[section]);
    setEmpty(none);
    if (!none) onSubmit(values);
  };

  return (
    <Form<Values>
      id={FORM_ID}
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={initialOf(item)}
    >
      <Form.Item name="name" label={t('field.name')} rules={[rules.zod(presetRequestSchema.shape.name)]}>
        <Input autoComplete="off" dir="auto" />
      </Form.Item>
      <Form.Item name="model_id" label={t('field.model')} extra={t('help.model')}>
        <Select
          options={[
            { value: EVERY_MODEL, label: t('everyModel') },
            ...models.map((model) => ({ value: model.id, label: model.name })),
            // A model none of the workspace's screens is of any more still shows as chosen.
            ...(item?.model_id && item.model_name && !models.some((model) => model.id === item.model_id)
              ? [{ value: item.model_id, label: item.model_name }]
              : []),
          ]}
        />
      </Form.Item>
      <Form.Item
        name="auto_apply"
        label={t('field.autoApply')}
        valuePropName="checked"
        extra={t('help.autoApply')}
      >
        <Switch />
      </Form.Item>
      <Typography.Text strong>{t('properties')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('help.properties')}
      </Typography.Paragraph>
      {empty ? (
        <Typography.Paragraph type="danger" role="alert">
          {t('contract:preset.noProperty')}
        </Typography.Paragraph>
      ) : null}
      <div style={{ display: 'grid', gap: 12 }}>
        <Section section="brightness">
          <Form.Item
            name="brightness"
            label={t('device:command.brightness')}
            rules={[rules.zod(deviceBrightnessSchema)]}
          >
            <NumberInput min={1} max={100} suffix="%" />
          </Form.Item>
        </Section>
        <Section section="sound">
          <Form.Item name="mute" label={t('device:command.mute')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="volume"
            label={t('device:command.volume')}
            extra={muted ? t('contract:device.muted') : undefined}
            rules={muted ? [] : [rules.zod(deviceVolumeSchema.nullable(), { optional: true })]}
          >
            <NumberInput min={0} max={100} suffix="%" disabled={muted} />
          </Form.Item>
        </Section>
        <Section section="orientation">
          <Form.Item name="orientation" label={t('device:command.orientation')}>
            <Segmented
              block
              options={ORIENTATIONS.map((value) => ({ value, label: t(`device:orientation.${value}`) }))}
            />
          </Form.Item>
        </Section>
        <Section section="timezone">
          <Form.Item
            name="timezone"
            label={t('device:command.timezone')}
            extra={t('help.timezone')}
            rules={[rules.zod(deviceTimezoneSchema)]}
          >
            <Select showSearch options={zones} optionFilterProp="label" />
          </Form.Item>
        </Section>
        <Section section="screenshot_interval">
          <Form.Item
            name="screenshot_interval"
            label={t('field.screenshotInterval')}
            extra={t('help.screenshotInterval')}
            rules={[rules.zod(deviceScreenshotIntervalSchema)]}
          >
            <NumberInput min={0} max={9999} suffix={t('minutes')} />
          </Form.Item>
        </Section>
        <Section section="timers">
          <Form.Item name="timers_enabled" label={t('device:timer.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <TimerPeriods />
        </Section>
        <Section section="default_program">
          {workspaceId !== null ? (
            <Form.Item
              name="default_program"
              label={t('device:field.defaultProgram')}
              extra={t('help.defaultProgram')}
              rules={[rules.required('validation.required')]}
            >
              <DefaultProgramSelect workspaceId={workspaceId} />
            </Form.Item>
          ) : null}
        </Section>
        <Section section="lock">
          <Form.Item name="locked" label={t('field.locked')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {locked ? (
            <Form.Item
              name="pin"
              label={t('field.pin')}
              extra={hadLock ? t('help.pinKept') : undefined}
              rules={hadLock ? [rules.zod(pinSchema, { optional: true })] : [rules.zod(pinSchema)]}
            >
              <Input.Password autoComplete="new-password" inputMode="numeric" maxLength={6} />
            </Form.Item>
          ) : null}
        </Section>
      </div>
    </Form>
  );
}

/** Adds or edits a preset: its name, which screens it is for, and the properties it sets. */
export function PresetDrawer({ item, ...props }: ItemDrawerProps<PresetItem>) {
  const { t } = useTranslation('preset');
  const save = useSavePreset();
  return (
    <ItemSaveDrawer
      {...props}
      item={item}
      title={t(item ? 'edit' : 'add')}
      formId={FORM_ID}
      save={save}
      savedText={t('saved')}
    >
      {(submit) => <PresetForm item={item} onSubmit={(values) => submit(toBody(values))} />}
    </ItemSaveDrawer>
  );
}
