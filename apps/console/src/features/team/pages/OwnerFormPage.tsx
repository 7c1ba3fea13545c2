import { AccountStatus, type CompanyItem, createUserRequestSchema, Role } from '@vitrine/contract';
import { Button, Card, Descriptions, Flex, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { SearchSelect } from '../../../components/SearchSelect';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useCompany, useCompanyList, useCreateUser, useUpdateUser } from '../api';
import { useFormFailure } from '../components/form-failure';
import { StatusTag } from '../components/status';
import { useUserActions } from '../components/use-user-actions';

type Values = { email: string; username: string };
const shape = createUserRequestSchema.shape;
const LIST_PATH = '/user/company';
const ALL_COMPANIES = { page: 1, page_size: 200 } as const;

/** Without an id: which company's owner to set. */
function CompanyPicker() {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
  const companies = useCompanyList('all', ALL_COMPANIES);
  return (
    <Card style={{ maxWidth: 720 }}>
      <Form layout="vertical">
        <Form.Item label={t('field.company')}>
          <SearchSelect<number>
            id="ownerCompany"
            options={(companies.data?.list ?? []).map((item) => ({
              value: item.company_id,
              label: item.company_name,
            }))}
            loading={companies.isPending}
            onChange={(id) => id && navigate(`/owner/add/${id}`, { replace: true })}
          />
        </Form.Item>
      </Form>
    </Card>
  );
}

/** The owner of one company: created and invited when missing, renamed or re-invited otherwise. */
function OwnerForm({ company }: { company: CompanyItem }) {
  const { t } = useTranslation(['team', 'common']);
  const rules = useRules();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const failure = useFormFailure(form);
  const create = useCreateUser();
  const update = useUpdateUser();
  const actions = useUserActions();
  const owner = company.owner;

  const submit = (values: Values) => {
    failure.clear();
    const base = { username: values.username.trim(), role_id: Role.owner, group_id: company.group_id ?? 0 };
    const done = (title: string) => {
      notify({ type: 'success', title });
      navigate(LIST_PATH);
    };
    if (owner) {
      update.mutate(
        { userId: owner.user_id, body: base },
        { onSuccess: () => done(t('saved')), onError: failure.fail },
      );
    } else {
      const email = values.email.trim().toLowerCase();
      create.mutate(
        { ...base, email },
        { onSuccess: () => done(t('user.invited', { email })), onError: failure.fail },
      );
    }
  };

  return (
    <Card style={{ maxWidth: 720 }}>
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('field.company')}>{company.company_name}</Descriptions.Item>
        {company.customer_name ? (
          <Descriptions.Item label={t('field.customer')}>{company.customer_name}</Descriptions.Item>
        ) : null}
        {owner ? (
          <Descriptions.Item label={t('field.status')}>
            <StatusTag status={owner.status} />
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <ErrorAlert error={failure.error} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ email: owner?.email, username: owner?.username }}
      >
        <Form.Item name="email" label={t('field.ownerEmail')} rules={owner ? [] : [rules.email]}>
          <Input type="email" autoComplete="off" disabled={owner !== null} />
        </Form.Item>
        <Form.Item name="username" label={t('field.ownerName')} rules={[rules.zod(shape.username)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Flex gap="small" wrap>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {owner ? t('action.save') : t('user.sendInvite')}
          </Button>
          {owner && owner.status === AccountStatus.inactive ? (
            <Button onClick={() => actions.resend(owner)} loading={actions.busy}>
              {t('user.resendInvite')}
            </Button>
          ) : null}
          <Button onClick={() => navigate(LIST_PATH)}>{t('common:cancel')}</Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** /owner/add/{id?}: add or edit a company's owner. */
export function OwnerFormPage() {
  const { t } = useTranslation(['team', 'common']);
  const id = Number(useParams().id ?? 0) || 0;
  const company = useCompany(id);
  if (id > 0 && company.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <>
      <PageHeader title={company.data?.owner ? t('company.editOwner') : t('common:route.ownerAdd')} />
      {id === 0 ? <CompanyPicker /> : null}
      {company.isError ? <ErrorAlert error={company.error} /> : null}
      {company.data ? <OwnerForm key={company.data.company_id} company={company.data} /> : null}
    </>
  );
}
