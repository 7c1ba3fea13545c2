import { type SensorItem, sensorReadOperation } from '@vitrine/contract';
import { Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SecretDialog } from '../../../components/SecretDialog';
import { leftToRight } from '../../../lib/bidi';
import { notify } from '../../../lib/notify';
import { useMakeSensorSecret, useRemoveSensorSecret } from '../api';

type Props = { sensor: SensorItem | null; onClose: () => void };

/**
 * A networked sensor's secret (docs/device-features.md "Networked sensors"): made, replaced or
 * removed; a new one is shown this once, to copy into the sensor.
 */
export function SensorSecretDialog({ sensor, onClose }: Props) {
  const { t } = useTranslation('sensor');
  const make = useMakeSensorSecret();
  const remove = useRemoveSensorSecret();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const busy = make.isPending || remove.isPending;

  const close = () => {
    setSecret(null);
    setError(null);
    onClose();
  };
  const makeOne = (id: number) => {
    setError(null);
    make.mutate(id, { onSuccess: (made) => setSecret(made.secret), onError: setError });
  };
  const removeIt = (id: number) => {
    setError(null);
    remove.mutate(id, {
      onSuccess: () => {
        notify({ type: 'success', title: t('secret.removed') });
        close();
      },
      onError: setError,
    });
  };

  return (
    <>
      <Modal
        open={sensor !== null && secret === null}
        title={sensor ? t('secret.title', { name: sensor.name }) : ''}
        onCancel={close}
        footer={
          sensor ? (
            <Space wrap>
              {sensor.has_secret ? (
                <Button danger disabled={busy} loading={remove.isPending} onClick={() => removeIt(sensor.id)}>
                  {t('secret.remove')}
                </Button>
              ) : null}
              <Button
                type="primary"
                disabled={busy}
                loading={make.isPending}
                onClick={() => makeOne(sensor.id)}
              >
                {sensor.has_secret ? t('secret.replace') : t('secret.make')}
              </Button>
            </Space>
          ) : null
        }
        destroyOnHidden
      >
        <Typography.Paragraph>{t('secret.intro')}</Typography.Paragraph>
        <Typography.Paragraph code dir="ltr">
          {`${sensorReadOperation.method} ${sensorReadOperation.path}`}
        </Typography.Paragraph>
        <Typography.Paragraph strong data-testid="sensor-secret-state">
          {sensor?.has_secret ? t('secret.has') : t('secret.none')}
        </Typography.Paragraph>
        <ErrorAlert error={error} />
      </Modal>
      <SecretDialog
        title={sensor ? t('secret.shownTitle', { name: sensor.name }) : ''}
        secrets={
          sensor && secret ? [{ label: `${sensor.name} · ${leftToRight(sensor.sensor_id)}`, secret }] : null
        }
        onClose={close}
        texts={{
          once: t('secret.once'),
          done: t('secret.done'),
          copy: t('secret.copy'),
          copied: t('secret.copied'),
        }}
      />
    </>
  );
}
