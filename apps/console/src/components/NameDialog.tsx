import { nameSchema } from '@vitrine/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRules } from '../lib/form-rules';
import { ErrorAlert } from './ErrorAlert';

type Props = {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
};

/** Asks for one name (≤ 64 characters): a new user group or workspace, or a new name for one. */
export function NameDialog({ open, title, label, initial, onSubmit, onClose }: Props) {
  const { t } = useTranslation('team');
  const rules = useRules();
  const [form] = Form.useForm<{ name: string }>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = ({ name }: { name: string }) => {
    setBusy(true);
    setError(null);
    onSubmit(name.trim())
      .then(close, setError)
      .finally(() => setBusy(false));
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      okText={t('action.save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'nameDialog', loading: busy }}
      destroyOnHidden
    >
      <ErrorAlert error={error} />
      <Form
        name="nameDialog"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ name: initial }}
      >
        <Form.Item name="name" label={label} rules={[rules.zod(nameSchema)]}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
