import type { DeviceItem, DeviceLicense, LicensePoolItem } from '@vitrine/contract';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SearchSelect } from '../../../components/SearchSelect';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useBindLicense } from '../api';
import { useValidityText } from './columns';
import { ReplaceWarning } from './ReplaceWarning';

type Props = {
  device: DeviceItem | null;
  /** The licence the device holds now, which binding replaces. */
  held: DeviceLicense | null;
  pool: readonly LicensePoolItem[];
  onClose: () => void;
};

/** Binds a licence of the company's pool to a device, warning when it replaces the one it holds. */
export function BindDialog({ device, held, pool, onClose }: Props) {
  const { t } = useTranslation('license');
  const rules = useRules();
  const validity = useValidityText();
  const [form] = Form.useForm<{ batch_id?: number }>();
  const bind = useBindLicense();
  const [error, setError] = useState<unknown>(null);
  const chosenId = Form.useWatch('batch_id', form);
  const chosen = pool.find((batch) => batch.batch_id === chosenId);

  const close = () => {
    setError(null);
    bind.reset();
    form.resetFields();
    onClose();
  };

  const submit = ({ batch_id }: { batch_id?: number }) => {
    if (!device || batch_id === undefined) return;
    setError(null);
    bind.mutate(
      { device_id: device.device_id, batch_id },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('bind.done', { name: device.device_name }) });
          close();
        },
        onError: setError,
      },
    );
  };

  return (
    <Modal
      open={device !== null}
      title={t('bind.title')}
      okText={t('bind.submit')}
      okButtonProps={{ htmlType: 'submit', form: 'bindForm', loading: bind.isPending }}
      onCancel={close}
      destroyOnHidden
    >
      <ReplaceWarning held={held} chosen={chosen?.type} />
      <ErrorAlert error={error} />
      <Form name="bindForm" form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="batch_id" label={t('bind.batch')} rules={[rules.required('validation.required')]}>
          <SearchSelect<number>
            options={pool
              .filter((batch) => batch.available > 0)
              .map((batch) => ({
                value: batch.batch_id,
                label: `${batch.batch_no} · ${t(`type.${batch.type}`)} · ${validity(batch)} · ${t('bind.left', { available: batch.available })}`,
              }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
