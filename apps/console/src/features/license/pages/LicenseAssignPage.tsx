import { WarningOutlined } from '@ant-design/icons';
import { licenseAssignRequestSchema } from '@vitrine/contract';
import { Alert, Button, Card, Descriptions, Empty, Form, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { NumberInput } from '../../../components/NumberInput';
import { PageHeader } from '../../../components/PageHeader';
import { SearchSelect } from '../../../components/SearchSelect';
import { leftToRight } from '../../../lib/bidi';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useCompanyList } from '../../team/api';
import { useAssignLicenses, useCustomerPool } from '../api';
import { useValidityText } from '../components/columns';

type Values = { company_id?: number; quantity: number | null };
const shape = licenseAssignRequestSchema.shape;
const POOL_PATH = '/license/commercial-cus';
// The customer's companies, all on one page of the picker.
const COMPANY_QUERY = { page: 1, page_size: 200 };

/**
 * /license/assign/:id: a customer assigns licences of batch :id to one of its companies. There is
 * no undoing it, so the page says so and asks once more; the server has the last word on what is
 * available, and its refusal shows above the form.
 */
export function LicenseAssignPage() {
  const { t } = useTranslation(['license', 'common']);
  const rules = useRules();
  const navigate = useNavigate();
  const batchId = Number(useParams().id);
  const pool = useCustomerPool();
  const companies = useCompanyList('all', COMPANY_QUERY);
  const assign = useAssignLicenses();
  const validity = useValidityText();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<unknown>(null);
  const batch = pool.data?.list.find((item) => item.batch_id === batchId);
  const companyName = (id?: number) =>
    companies.data?.list.find((company) => company.company_id === id)?.company_name ?? '';

  const submit = (values: Values) => {
    if (!batch || values.company_id === undefined) return;
    const quantity = values.quantity ?? 0;
    setError(null);
    confirmAction({
      title: t('assign.confirmTitle'),
      content: t('assign.confirm', {
        quantity,
        batch: leftToRight(batch.batch_no),
        company: companyName(values.company_id),
      }),
      okText: t('assign.submit'),
      danger: true,
      // A refusal closes the dialog and shows above the form, like any other failed save.
      onOk: () =>
        assign
          .mutateAsync({ batch_id: batch.batch_id, company_id: values.company_id as number, quantity })
          .then((transfer) => {
            notify({
              type: 'success',
              title: t('assign.done', { quantity: transfer.quantity, company: transfer.to.name }),
            });
            navigate(POOL_PATH);
          }, setError),
    });
  };

  if (pool.isLoading) return <Spin />;
  if (!batch) {
    return (
      <Empty description={t('assign.notFound')}>
        <Button type="primary" onClick={() => navigate(POOL_PATH)}>
          {t('assign.back')}
        </Button>
      </Empty>
    );
  }
  return (
    <>
      <PageHeader title={t('common:route.licenseAssign')} />
      <Card style={{ maxWidth: 640 }}>
        <Descriptions
          column={1}
          size="small"
          style={{ marginBottom: 16 }}
          items={[
            { key: 'batch', label: t('column.batchNo'), children: <bdi dir="ltr">{batch.batch_no}</bdi> },
            { key: 'type', label: t('column.type'), children: t(`type.${batch.type}`) },
            { key: 'validity', label: t('column.validity'), children: validity(batch) },
            { key: 'available', label: t('column.available'), children: batch.available },
          ]}
        />
        <Alert
          type="warning"
          showIcon
          icon={<WarningOutlined />}
          title={t('assign.irreversible')}
          style={{ marginBottom: 16 }}
        />
        <ErrorAlert error={error} />
        <Form<Values> name="assignForm" form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="company_id"
            label={t('assign.company')}
            rules={[rules.required('validation.required')]}
          >
            <SearchSelect<number>
              loading={companies.isLoading}
              options={(companies.data?.list ?? []).map((company) => ({
                value: company.company_id,
                label: company.company_name,
              }))}
            />
          </Form.Item>
          <Form.Item name="quantity" label={t('column.quantity')} rules={[rules.zod(shape.quantity)]}>
            <NumberInput min={1} max={9999} />
          </Form.Item>
          <Button type="primary" htmlType="submit" id="assignFormSubmit" loading={assign.isPending}>
            {t('assign.submit')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
