import { nameSchema } from '@vitrine/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRules } from '../lib/form-rules';
import { ErrorAlert } from './ErrorAlert';

type Props = {
  /** What is renamed; none: the dialog is closed. */
  item: { id: number; name: string } | null;
  title: string;
  label: string;
  pending: boolean;
  /** Sends the new name; a rejection is shown above the field and keeps the dialog open. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
};

const FORM_ID = 'renameForm';

/** A new name (the contract's nameSchema) for a font, a sticker…, in a small dialog. */
export function RenameDialog({ item, title, label, pending, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const rules = useRules();
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal
      open={item !== null}
      title={title}
      onCancel={close}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: pending }}
      destroyOnHidden
    >
      <ErrorAlert error={error} />
      {item ? (
        <Form
          id={FORM_ID}
          layout="vertical"
          initialValues={{ name: item.name }}
          onFinish={({ name }: { name: string }) => onSubmit(name.trim()).then(close, setError)}
        >
          <Form.Item name="name" label={label} rules={[rules.zod(nameSchema)]}>
            <Input autoComplete="off" dir="auto" />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
