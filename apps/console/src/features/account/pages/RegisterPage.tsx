import { ACTIVATION_LINK_HOURS, checkEmail, checkName } from '@vitrine/contract';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PublicLayout, PublicSubtitle } from '../../../components/PublicLayout';
import { useFieldForm } from '../../../lib/field-form';
import { useAction } from '../../../lib/use-action';
import { FieldForm, FormField } from '../components/FormField';
import { Input } from '../components/inputs';
import { NewPasswordFields, newPasswordChecks } from '../components/NewPasswordFields';
import { checkTerms, TermsCheckbox } from '../components/TermsCheckbox';
import { publicCalls, type RegisterInput } from '../public-calls';
import { useRegistrationOpen } from '../registration';

type Values = RegisterInput & { accept_terms: boolean };

const EMPTY: Values = {
  email: '',
  username: '',
  company_name: '',
  password: '',
  confirm_password: '',
  accept_terms: false,
};

/** /register: a new company and its owner; the account works once the mailed link is opened. */
export function RegisterPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const register = useAction(publicCalls.register);
  const open = useRegistrationOpen();
  const form = useFieldForm<Values>(EMPTY, {
    email: checkEmail,
    username: checkName,
    company_name: checkName,
    ...newPasswordChecks,
    accept_terms: checkTerms,
  });

  if (open === false) {
    return (
      <PublicLayout title={t('register.title')}>
        <Result
          status="info"
          title={t('register.closed.title')}
          subTitle={t('register.closed.description')}
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('link.backToLogin')}
            </Button>
          }
        />
      </PublicLayout>
    );
  }

  if (register.isSuccess) {
    return (
      <PublicLayout title={t('register.title')}>
        <Result
          status="success"
          title={t('register.sent.title')}
          subTitle={t('register.sent.description', {
            email: register.variables?.email,
            hours: ACTIVATION_LINK_HOURS,
          })}
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('link.backToLogin')}
            </Button>
          }
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t('register.title')}>
      <PublicSubtitle>{t('register.subtitle')}</PublicSubtitle>
      <ErrorAlert error={register.error} />
      <FieldForm
        onSubmit={form.submit(({ accept_terms: _accepted, ...input }) =>
          register.mutate({ ...input, email: input.email.trim() }),
        )}
      >
        <FormField id="email" label={t('field.email')} error={form.errors.email}>
          <Input
            type="email"
            autoComplete="email"
            placeholder={t('field.emailPlaceholder')}
            {...form.input('email')}
          />
        </FormField>
        <FormField id="username" label={t('field.username')} error={form.errors.username}>
          <Input autoComplete="username" {...form.input('username')} />
        </FormField>
        <FormField id="company_name" label={t('field.companyName')} error={form.errors.company_name}>
          <Input autoComplete="organization" {...form.input('company_name')} />
        </FormField>
        <NewPasswordFields form={form} label={t('field.password')} />
        <TermsCheckbox
          checked={form.values.accept_terms}
          error={form.errors.accept_terms}
          onChange={(checked) => form.setValue('accept_terms', checked)}
        />
        <Button id="register" type="primary" htmlType="submit" block loading={register.isPending}>
          {t('register.submit')}
        </Button>
        <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
          {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
        </Typography.Paragraph>
      </FieldForm>
    </PublicLayout>
  );
}
