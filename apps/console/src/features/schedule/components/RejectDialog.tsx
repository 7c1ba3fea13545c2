import type { UseMutationResult } from '@tanstack/react-query';
import { rejectRequestSchema } from '@vitrine/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { refreshScheduleDots } from '../dots';

type Props = {
  /** The schedule or content item to reject; none: closed. */
  target: { id: number; name: string } | null;
  /** The rejection of schedules or of content (silent: the dialog shows a refusal). */
  reject: UseMutationResult<unknown, unknown, { id: number; reason: string }>;
  /** What is said once rejected. */
  done: string;
  onClose: () => void;
  /** What else follows a rejection, once the dialog closed and the schedule dots were refreshed. */
  onRejected?: () => void;
};

const FORM_ID = 'scheduleRejectForm';

/** Rejects a schedule or content item with a reason, which its creator sees on their list. */
export function RejectDialog({ target, reject, done, onClose, onRejected }: Props) {
  const { t } = useTranslation('schedule');
  const rules = useRules();
  const [error, setError] = useState<unknown>(null);

  const close = () => {
    setError(null);
    reject.reset();
    onClose();
  };

  const submit = ({ reason }: { reason: string }) => {
    if (!target) return;
    setError(null);
    reject.mutate(
      { id: target.id, reason: reason.trim() },
      {
        onSuccess: () => {
          notify({ type: 'success', title: done });
          close();
          refreshScheduleDots();
          onRejected?.();
        },
        onError: setError,
      },
    );
  };

  return (
    <Modal
      open={target !== null}
      title={t('rejectTitle', { name: target?.name ?? '' })}
      onCancel={close}
      okText={t('action.reject')}
      okButtonProps={{ danger: true, htmlType: 'submit', form: FORM_ID, loading: reject.isPending }}
      cancelText={t('common:cancel')}
      destroyOnHidden
    >
      <ErrorAlert error={error} />
      <Form<{ reason: string }>
        id={FORM_ID}
        layout="vertical"
        onFinish={submit}
        initialValues={{ reason: '' }}
      >
        <Form.Item
          name="reason"
          label={t('field.reason')}
          rules={[rules.zod(rejectRequestSchema.shape.reason)]}
        >
          <Input.TextArea autoFocus rows={4} maxLength={256} showCount dir="auto" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
