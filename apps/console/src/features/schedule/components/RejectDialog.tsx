import { type ScheduleSummary, rejectRequestSchema } from '@vitrine/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useRejectSchedule } from '../api';

type Props = {
  /** The schedule to reject; none: closed. */
  schedule: Pick<ScheduleSummary, 'id' | 'name'> | null;
  onClose: () => void;
  onRejected: () => void;
};

const FORM_ID = 'scheduleRejectForm';

/** Rejects a schedule with a reason, which its creator sees on the list. */
export function RejectDialog({ schedule, onClose, onRejected }: Props) {
  const { t } = useTranslation('schedule');
  const rules = useRules();
  const reject = useRejectSchedule();
  const [error, setError] = useState<unknown>(null);

  const close = () => {
    setError(null);
    reject.reset();
    onClose();
  };

  const submit = ({ reason }: { reason: string }) => {
    if (!schedule) return;
    setError(null);
    reject.mutate(
      { id: schedule.id, reason: reason.trim() },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('rejected') });
          setError(null);
          onRejected();
        },
        onError: setError,
      },
    );
  };

  return (
    <Modal
      open={schedule !== null}
      title={t('rejectTitle', { name: schedule?.name ?? '' })}
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
