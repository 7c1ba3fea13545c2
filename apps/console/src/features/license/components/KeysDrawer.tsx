import {
  type LicenseBatchItem,
  type LicenseKeyCreated,
  type LicenseKeyItem,
  licenseKeyCreateRequestSchema,
} from '@vitrine/contract';
import { Alert, Descriptions, Form, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDrawer } from '../../../components/FormDrawer';
import { useDateTime } from '../../../components/labels';
import { NumberInput } from '../../../components/NumberInput';
import { leftToRight } from '../../../lib/bidi';
import { useRules } from '../../../lib/form-rules';
import { useBatchKeys, useCreateBatchKey } from '../api';

type Values = { max_use_times?: number | null };
type Props = { batch: LicenseBatchItem | null; onClose: () => void };
const shape = licenseKeyCreateRequestSchema.shape;

/**
 * A batch's licence keys (system roles): make one with its max use times, see it ONCE (the server
 * keeps only its hash), then only its last group and how often it was used.
 */
export function KeysDrawer({ batch, onClose }: Props) {
  const { t } = useTranslation('license');
  const rules = useRules();
  const dateTime = useDateTime();
  const [form] = Form.useForm<Values>();
  const keys = useBatchKeys(batch?.batch_id ?? null);
  const create = useCreateBatchKey();
  const [error, setError] = useState<unknown>(null);
  const [made, setMade] = useState<LicenseKeyCreated | null>(null);

  const close = () => {
    setError(null);
    setMade(null);
    create.reset();
    form.resetFields();
    onClose();
  };

  const submit = (values: Values) => {
    if (!batch) return;
    setError(null);
    create.mutate(
      { batchId: batch.batch_id, body: { max_use_times: values.max_use_times ?? null } },
      {
        onSuccess: (key) => {
          setMade(key);
          form.resetFields();
        },
        onError: setError,
      },
    );
  };

  const columns: ColumnsType<LicenseKeyItem> = [
    { key: 'hint', title: t('key.hint'), render: (_, key) => <bdi dir="ltr">…-{key.hint}</bdi> },
    { key: 'uses', title: t('key.uses'), render: (_, key) => leftToRight(`${key.uses} / ${key.max_uses}`) },
    { key: 'created_by', title: t('key.createdBy'), dataIndex: 'created_by' },
    {
      key: 'created_at',
      title: t('key.createdAt'),
      render: (_, key) => leftToRight(dateTime(key.created_at)),
    },
  ];

  return (
    <FormDrawer
      open={batch !== null}
      onClose={close}
      title={t('key.title')}
      formId="keyForm"
      submitting={create.isPending}
      submitText={t('key.submit')}
    >
      <ErrorAlert error={error} />
      {made ? (
        <Alert
          type="warning"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          title={t('key.made')}
          description={
            <>
              <Typography.Paragraph strong>{t('key.storeNow')}</Typography.Paragraph>
              {/* Groups of four, left to right even in Arabic, so it can be read aloud. */}
              <Typography.Text
                code
                copyable={{ text: made.key }}
                style={{ fontSize: 16 }}
                data-testid="license-key"
              >
                <bdi dir="ltr">{made.key}</bdi>
              </Typography.Text>
            </>
          }
        />
      ) : null}
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'batch', label: t('column.batchNo'), children: <bdi dir="ltr">{batch?.batch_no}</bdi> },
          { key: 'maxUse', label: t('key.batchMaxUses'), children: batch?.max_use_times },
        ]}
      />
      <Form<Values> name="keyForm" form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="max_use_times"
          label={t('key.maxUses')}
          extra={t('key.maxUsesHint', { max: batch?.max_use_times ?? 0 })}
          rules={[rules.zod(shape.max_use_times)]}
        >
          <NumberInput min={1} />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t('key.list')}</Typography.Title>
      <Table<LicenseKeyItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={keys.data?.list}
        loading={keys.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('key.empty') }}
      />
    </FormDrawer>
  );
}
