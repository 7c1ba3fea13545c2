import { Alert, Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { useErrorText } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useDevice } from '../api';
import { useUnsupported } from '../components/feature-gate';
import { useDeviceTimers, useSaveTimers } from '../control-api';
import { DevicePicker } from '../timer/DevicePicker';
import { TimerForm, type TimerValues } from '../timer/TimerForm';

const EMPTY = { enabled: true, timers: [] };

/** /device/timer/{device_id?}: one device's weekly power timer, or one timer for several devices. */
export function DeviceTimerPage() {
  const { t } = useTranslation(['device', 'common']);
  const deviceId = Number(useParams().device_id ?? 0);
  return Number.isInteger(deviceId) && deviceId > 0 ? (
    <DeviceTimer deviceId={deviceId} />
  ) : (
    <>
      <PageHeader title={t('common:route.deviceTimer')} />
      <TimerEditor initial={EMPTY} deviceId={null} />
    </>
  );
}

function DeviceTimer({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('device');
  const errorText = useErrorText();
  const device = useDevice(deviceId);
  const timers = useDeviceTimers(deviceId);
  const unsupported = useUnsupported()(device.data ? [device.data] : [], 'timers');
  if (timers.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (timers.isError) {
    return (
      <Result
        status="warning"
        title={errorText(timers.error)}
        extra={<Button onClick={() => timers.refetch()}>{t('action.retry')}</Button>}
      />
    );
  }
  return (
    <>
      <PageHeader title={t('timer.titleOf', { name: device.data?.device_name ?? '' })} />
      <TimerEditor initial={timers.data} deviceId={deviceId} unsupported={unsupported} />
    </>
  );
}

/** The form and its save; without a device the user picks the devices. */
type EditorProps = {
  initial: TimerValues;
  deviceId: number | null;
  /** Why the device's player cannot take timers, if it cannot. */
  unsupported?: string | null;
};

function TimerEditor({ initial, deviceId, unsupported = null }: EditorProps) {
  const { t } = useTranslation('device');
  const save = useSaveTimers();
  const submit = ({ ids: picked, enabled, timers }: TimerValues) =>
    save.mutate(
      { to: deviceId ?? picked ?? [], timers: { enabled, timers } },
      { onSuccess: () => notify({ type: 'success', title: t('saved') }) },
    );
  return (
    <>
      <ErrorAlert error={save.error} />
      {unsupported ? (
        <Alert type="warning" showIcon title={unsupported} style={{ marginBottom: 16 }} />
      ) : null}
      <TimerForm initial={initial} saving={save.isPending} blocked={unsupported !== null} onSave={submit}>
        {deviceId ? null : <DevicePicker />}
      </TimerForm>
    </>
  );
}
