import { type LicenseBatchItem, licenseIssueRequestSchema } from '@vitrine/contract';
import { Descriptions, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDrawer } from '../../../components/FormDrawer';
import { NumberInput } from '../../../components/NumberInput';
import { SearchSelect } from '../../../components/SearchSelect';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useCustomerOptions } from '../../team/api';
import { useIssueLicenses } from '../api';

type Values = { customer_id?: number; quantity: number | null };
type Props = { batch: LicenseBatchItem | null; onClose: () => void };
const shape = licenseIssueRequestSchema.shape;

/** "Issue to customer": licences of one batch to a customer, never more than the batch has available. */
export function IssueDrawer({ batch, onClose }: Props) {
  const { t } = useTranslation('license');
  const rules = useRules();
  const [form] = Form.useForm<Values>();
  const issue = useIssueLicenses();
  const customers = useCustomerOptions(batch !== null);
  const [error, setError] = useState<unknown>(null);
  const available = batch?.available ?? 0;

  const close = () => {
    setError(null);
    issue.reset();
    form.resetFields();
    onClose();
  };

  const submit = (values: Values) => {
    if (!batch || values.customer_id === undefined) return;
    setError(null);
    issue.mutate(
      { batchId: batch.batch_id, body: { customer_id: values.customer_id, quantity: values.quantity ?? 0 } },
      {
        onSuccess: (transfer) => {
          notify({
            type: 'success',
            title: t('issue.done', { quantity: transfer.quantity, customer: transfer.to.name }),
          });
          close();
        },
        onError: setError,
      },
    );
  };

  return (
    <FormDrawer
      open={batch !== null}
      onClose={close}
      title={t('issue.title')}
      formId="issueForm"
      submitting={issue.isPending}
      submitText={t('issue.submit')}
    >
      <ErrorAlert error={error} />
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'batch', label: t('column.batchNo'), children: <bdi dir="ltr">{batch?.batch_no}</bdi> },
          { key: 'available', label: t('column.available'), children: available },
        ]}
      />
      <Form<Values> name="issueForm" form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="customer_id"
          label={t('issue.customer')}
          rules={[rules.required('validation.required')]}
        >
          <SearchSelect<number>
            loading={customers.isLoading}
            options={(customers.data ?? []).map((customer) => ({
              value: customer.customer_id,
              label: customer.customer_name,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t('column.quantity')}
          rules={[
            rules.zod(shape.quantity),
            {
              validator: async (_rule, value: number | null) => {
                if (value !== null && value !== undefined && value > available)
                  throw new Error(t('issue.tooMany', { available }));
              },
            },
          ]}
        >
          <NumberInput min={1} max={available} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
