import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  md5Schema,
  OTA_PACKAGE_MAX_SIZE,
  otaPackageCreateRequestSchema,
  otaVersionSchema,
} from '@vitrine/contract';
import { Button, Form, Input, Progress, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FileChooser } from '../../../components/FileChooser';
import { FormDrawer } from '../../../components/FormDrawer';
import { leftToRight } from '../../../lib/bidi';
import { useRules } from '../../../lib/form-rules';
import { formatSize } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { otaKeys, type PackageFields, type PackageProgress, uploadPackage } from '../api';
import { ModelSelect } from './ModelSelect';

type Values = Omit<PackageFields, 'description'> & { description?: string; file?: File };

const FORM_ID = 'otaPackageForm';
const shape = otaPackageCreateRequestSchema.shape;

type Props = { open: boolean; onClose: () => void };

/**
 * The file field: its button and the file chosen. It takes only the file from its Form.Item, not
 * the input's attributes (id, aria-required), which a group of a button and a text may not carry.
 */
function ChosenPackage({ file, onChoose }: { file?: File; onChoose: () => void }) {
  const { t } = useTranslation('ota');
  return (
    <Space direction="vertical" size={4}>
      <Button icon={<UploadOutlined />} onClick={onChoose}>
        {t('action.chooseFile')}
      </Button>
      {file ? (
        <Typography.Text data-testid="ota-package-file">
          {leftToRight(file.name)} · {leftToRight(formatSize(file.size))}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * "Upload package": the version, the MD5 the build came with, a description, the target models
 * and the file. The file is sent when the form is submitted; the server checks its MD5 and a
 * refusal (a mismatch, a version a model already has) shows above the form.
 */
export function PackageUploadDrawer({ open, onClose }: Props) {
  const { t } = useTranslation('ota');
  const rules = useRules();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const chooser = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState<PackageProgress | null>(null);

  /** Closing forgets what was filled in: the next package starts from an empty form. */
  const close = () => {
    if (sending) return;
    setError(null);
    form.resetFields();
    onClose();
  };

  const submit = async (values: Values) => {
    setError(null);
    setSending({ hashing: true, progress: 0 });
    try {
      await uploadPackage(
        values.file as File,
        {
          version: values.version.trim(),
          md5: values.md5.trim(),
          description: values.description?.trim() ?? '',
          model_ids: values.model_ids,
        },
        setSending,
      );
      void queryClient.invalidateQueries({ queryKey: otaKeys.all });
      notify({ type: 'success', title: t('uploaded') });
      setSending(null);
      form.resetFields();
      onClose();
    } catch (refusal) {
      setSending(null);
      setError(refusal);
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={t('upload')}
      formId={FORM_ID}
      submitting={sending !== null}
      submitText={t('action.upload')}
    >
      <ErrorAlert error={error} />
      <Form<Values> id={FORM_ID} form={form} layout="vertical" onFinish={submit} disabled={sending !== null}>
        <Form.Item required name="version" label={t('field.version')} rules={[rules.zod(otaVersionSchema)]}>
          <Input autoComplete="off" dir="ltr" maxLength={64} placeholder="1.4.0" />
        </Form.Item>
        <Form.Item
          required
          name="md5"
          label={t('field.md5')}
          rules={[rules.zod(md5Schema)]}
          extra={t('md5Hint')}
        >
          <Input autoComplete="off" dir="ltr" maxLength={32} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item required name="model_ids" label={t('field.models')} rules={[rules.zod(shape.model_ids)]}>
          <ModelSelect mode="multiple" allowClear placeholder={t('placeholder.models')} />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')} rules={[rules.zod(shape.description)]}>
          <Input.TextArea dir="auto" maxLength={256} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item
          name="file"
          label={t('field.file')}
          rules={[
            { required: true, message: t('fileRequired') },
            {
              validator: async (_rule, value?: File) => {
                if (value && value.size > OTA_PACKAGE_MAX_SIZE) throw new Error(t('fileTooLarge'));
              },
            },
          ]}
          valuePropName="file"
        >
          <ChosenPackage onChoose={() => chooser.current?.click()} />
        </Form.Item>
      </Form>
      <FileChooser
        ref={chooser}
        accept=""
        testId="ota-package-input"
        onFiles={([chosen]) => {
          if (!chosen) return;
          form.setFieldValue('file', chosen);
          void form.validateFields(['file']);
        }}
      />
      {sending ? (
        <div role="status" aria-live="polite">
          <Typography.Text type="secondary">{t(sending.hashing ? 'hashing' : 'sending')}</Typography.Text>
          <Progress percent={sending.progress} aria-label={t(sending.hashing ? 'hashing' : 'sending')} />
        </div>
      ) : null}
    </FormDrawer>
  );
}
