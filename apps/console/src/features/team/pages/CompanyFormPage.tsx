import { createCompanyRequestSchema, PLATFORM_ROLES } from '@vitrine/contract';
import { Button, Card, Flex, Form, Input, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../../components/confirm';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { SearchSelect } from '../../../components/SearchSelect';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { hasRole } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useCompany, useCreateCompany, useCustomerOptions, useDeleteCompany, useUpdateCompany } from '../api';
import { useFormFailure } from '../components/form-failure';
import { UserLimitField } from '../components/UserLimitField';

type Values = {
  company_name: string;
  owner_email: string;
  owner_username: string;
  user_limit: number | null;
  customer_id?: number | null;
};

const LIST_PATH = '/user/company';
const shape = createCompanyRequestSchema.shape;

/** /company/add/{id?}/{name?}/{can_del?}: a new company with its owner (invited by mail), or an
 * existing company's name and user limit; deletable only when the list said so. */
export function CompanyFormPage() {
  const { t } = useTranslation(['team', 'common']);
  const rules = useRules();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id ?? 0) || 0;
  const canDelete = id > 0 && (params.can_del === '1' || params.can_del === 'true');
  const platform = hasRole(useSession().user?.role_id, PLATFORM_ROLES);
  const [form] = Form.useForm<Values>();
  const failure = useFormFailure(form, 'owner_email');
  const company = useCompany(id);
  const customers = useCustomerOptions(platform && id === 0);
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const remove = useDeleteCompany();

  useEffect(() => {
    if (company.data) {
      form.setFieldsValue({ company_name: company.data.company_name, user_limit: company.data.user_limit });
    }
  }, [company.data, form]);

  const back = () => navigate(LIST_PATH);

  const submit = (values: Values) => {
    failure.clear();
    const common = { company_name: values.company_name.trim(), user_limit: values.user_limit ?? null };
    if (id > 0) {
      update.mutate(
        { id, body: common },
        {
          onSuccess: () => {
            notify({ type: 'success', title: t('saved') });
            back();
          },
          onError: failure.fail,
        },
      );
      return;
    }
    const email = values.owner_email.trim().toLowerCase();
    create.mutate(
      {
        ...common,
        owner_email: email,
        owner_username: values.owner_username.trim(),
        ...(platform ? { customer_id: values.customer_id ?? null } : {}),
      },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('user.invited', { email }) });
          back();
        },
        onError: failure.fail,
      },
    );
  };

  const askDelete = () =>
    confirmDelete({
      content: t('company.deleteConfirm', { name: company.data?.company_name ?? params.name ?? '' }),
      onOk: () =>
        remove.mutateAsync(id).then(() => {
          notify({ type: 'success', title: t('deleted') });
          back();
        }),
    });

  if (id > 0 && company.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <>
      <PageHeader
        title={id > 0 ? (company.data?.company_name ?? params.name) : t('common:route.companyAdd')}
        extra={
          canDelete ? (
            <Button danger onClick={askDelete}>
              {t('action.delete')}
            </Button>
          ) : null
        }
      />
      <Card style={{ maxWidth: 720 }}>
        <ErrorAlert error={failure.error ?? (id > 0 ? company.error : null)} />
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ company_name: params.name ?? '', user_limit: null }}
        >
          <Form.Item
            name="company_name"
            label={t('field.companyName')}
            rules={[rules.zod(shape.company_name)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          {id > 0 ? null : (
            <>
              <Form.Item name="owner_email" label={t('field.ownerEmail')} rules={[rules.email]}>
                <Input type="email" autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="owner_username"
                label={t('field.ownerName')}
                rules={[rules.zod(shape.owner_username)]}
              >
                <Input autoComplete="off" />
              </Form.Item>
            </>
          )}
          <Form.Item name="user_limit" label={t('field.userLimit')} rules={[rules.zod(shape.user_limit)]}>
            <UserLimitField />
          </Form.Item>
          {platform && id === 0 ? (
            <Form.Item name="customer_id" label={t('field.customer')} extra={t('company.customerHint')}>
              <SearchSelect<number>
                options={(customers.data ?? []).map((item) => ({
                  value: item.customer_id,
                  label: item.customer_name,
                }))}
                loading={customers.isPending}
              />
            </Form.Item>
          ) : null}
          <Flex gap="small" wrap>
            <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
              {id > 0 ? t('action.save') : t('company.create')}
            </Button>
            <Button onClick={back}>{t('common:cancel')}</Button>
          </Flex>
        </Form>
      </Card>
    </>
  );
}
