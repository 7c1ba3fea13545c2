import { DEVICE_COMMAND_LIMIT, type DeviceFeature, type PresetItem } from '@vitrine/contract';
import { Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDrawer } from '../../../components/FormDrawer';
import { notify } from '../../../lib/notify';
import { DevicePicker } from '../../device/ui';
import { useApplyPreset } from '../api';
import { ApplicationHistory } from './ApplicationHistory';

const FORM_ID = 'presetApplyForm';

/** The player features a preset's properties need (docs/device-features.md). */
function featuresOf(preset: PresetItem): DeviceFeature[] {
  const { properties } = preset;
  const features: DeviceFeature[] = [];
  if (properties.brightness !== null) features.push('brightness');
  if (properties.sound)
    features.push('mute', ...(properties.sound.volume === null ? [] : ['volume' as const]));
  if (properties.orientation !== null) features.push('orientation');
  if (properties.timers) features.push('timers');
  if (properties.lock) features.push('lock');
  return features;
}

/**
 * Applies a preset to chosen screens of its workspace (and model), then shows what each did below
 * the form: the preset's latest applications, read again until the screens have answered.
 */
export function ApplyDrawer({ preset, onClose }: { preset: PresetItem | null; onClose: () => void }) {
  const { t } = useTranslation('preset');
  const apply = useApplyPreset();
  const [error, setError] = useState<unknown>(null);
  const [form] = Form.useForm<{ device_ids: number[] }>();

  const close = () => {
    setError(null);
    apply.reset();
    onClose();
  };

  const submit = ({ device_ids }: { device_ids: number[] }) => {
    if (!preset) return;
    setError(null);
    apply.mutate(
      { id: preset.id, deviceIds: device_ids },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('apply.sent') });
          form.resetFields();
        },
        onError: setError,
      },
    );
  };

  return (
    <FormDrawer
      open={preset !== null}
      onClose={close}
      title={preset ? t('apply.title', { name: preset.name }) : null}
      formId={FORM_ID}
      submitting={apply.isPending}
      submitText={t('apply.submit')}
    >
      <ErrorAlert error={error} />
      {preset ? (
        <>
          <Typography.Paragraph type="secondary">{t('apply.help')}</Typography.Paragraph>
          <Form id={FORM_ID} form={form} layout="vertical" onFinish={submit}>
            <DevicePicker
              name="device_ids"
              label={t('apply.devices')}
              extra={t('apply.devicesHelp', { workspace: preset.group_name, limit: DEVICE_COMMAND_LIMIT })}
              features={featuresOf(preset)}
              groupId={preset.group_id}
              accept={(device) => preset.model_id === null || device.model_id === preset.model_id}
            />
          </Form>
          <ApplicationHistory presetId={preset.id} />
        </>
      ) : null}
    </FormDrawer>
  );
}
