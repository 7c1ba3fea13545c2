import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { type DeviceItem, pinSchema } from '@vitrine/contract';
import { Button, Flex, Form, Input, Modal, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { confirmRule, useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useSetLock } from '../control-api';
import { useUnsupported } from './feature-gate';

type Values = { pin: string; confirmPin: string };

/** Whether the player's settings screen is locked, with "Set lock PIN" and "Remove lock". */
export function LockControl({ device, editable }: { device: DeviceItem; editable: boolean }) {
  const { t } = useTranslation('device');
  const lock = useSetLock(device.device_id);
  const [open, setOpen] = useState(false);
  const unsupported = useUnsupported()([device], 'lock');

  const remove = () =>
    confirmAction({
      content: t('lock.removeConfirm', { name: device.device_name }),
      danger: true,
      onOk: () =>
        lock.mutateAsync({ pin: null }).then(() => notify({ type: 'success', title: t('lock.removed') })),
    });

  return (
    <Flex wrap align="center" gap="small">
      <Typography.Text>
        {device.lock_enabled ? <LockOutlined /> : <UnlockOutlined />}{' '}
        {device.lock_enabled ? t('lock.on') : t('lock.off')}
      </Typography.Text>
      {editable ? (
        <Tooltip title={unsupported}>
          <Button size="small" disabled={unsupported !== null} onClick={() => setOpen(true)}>
            {t('lock.set')}
          </Button>
        </Tooltip>
      ) : null}
      {editable && device.lock_enabled ? (
        <Tooltip title={unsupported}>
          <Button size="small" danger disabled={unsupported !== null} onClick={remove}>
            {t('lock.remove')}
          </Button>
        </Tooltip>
      ) : null}
      <LockDialog open={open} lock={lock} onClose={() => setOpen(false)} />
    </Flex>
  );
}

type DialogProps = { open: boolean; lock: ReturnType<typeof useSetLock>; onClose: () => void };

/** The PIN typed twice, checked with the contract's PIN rule. */
function LockDialog({ open, lock, onClose }: DialogProps) {
  const { t } = useTranslation('device');
  const rules = useRules();
  const close = () => {
    lock.reset();
    onClose();
  };
  const submit = ({ pin }: Values) =>
    lock.mutate(
      { pin },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('lock.saved') });
          close();
        },
      },
    );
  const pinInput = <Input.Password autoComplete="new-password" inputMode="numeric" maxLength={6} />;

  return (
    <Modal
      open={open}
      title={t('lock.set')}
      onCancel={close}
      okText={t('action.save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'deviceLock', loading: lock.isPending }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('lock.help')}</Typography.Paragraph>
      <ErrorAlert error={lock.error} />
      <Form<Values> name="deviceLock" layout="vertical" onFinish={submit}>
        <Form.Item name="pin" label={t('lock.pin')} rules={[rules.zod(pinSchema)]}>
          {pinInput}
        </Form.Item>
        <Form.Item
          name="confirmPin"
          label={t('lock.confirmPin')}
          dependencies={['pin']}
          rules={[rules.zod(pinSchema), confirmRule('pin')]}
        >
          {pinInput}
        </Form.Item>
      </Form>
    </Modal>
  );
}
