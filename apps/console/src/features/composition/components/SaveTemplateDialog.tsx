import { compositionTemplateRequestSchema, nameSchema } from '@vitrine/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useSaveTemplate } from '../api';
import { type CompositionDraft, templateRequestOf } from '../model';

type Props = { draft: CompositionDraft | null; onClose: () => void };

/** "Save as template": the draft's canvas and zones (not what they show) under a name. */
export function SaveTemplateDialog({ draft, onClose }: Props) {
  const { t } = useTranslation(['composition', 'contract']);
  const rules = useRules();
  const save = useSaveTemplate();
  const [form] = Form.useForm<{ name: string }>();
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    save.reset();
    setProblem(null);
    onClose();
  };
  const submit = ({ name }: { name: string }) => {
    if (!draft) return;
    const body = templateRequestOf(draft, name);
    const checked = compositionTemplateRequestSchema.safeParse(body);
    if (!checked.success) {
      setProblem(checked.error.issues[0].message);
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        notify({ type: 'success', title: t('template.saved') });
        close();
      },
    });
  };

  return (
    <Modal
      open={draft !== null}
      title={t('editor.saveAsTemplate')}
      okText={t('editor.save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <ErrorAlert error={save.error} />
      {problem ? <ErrorAlert error={new Error(t(`contract:${problem}`))} /> : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ name: draft?.name ?? '' }}
        preserve={false}
      >
        <Form.Item name="name" label={t('template.name')} rules={[rules.zod(nameSchema)]}>
          <Input autoComplete="off" dir="auto" id="template-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
