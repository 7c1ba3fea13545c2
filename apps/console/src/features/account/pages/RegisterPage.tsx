import { ACTIVATION_LINK_HOURS, nameSchema } from '@vitrine/contract';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/PublicLayout';
import { useRules } from '../../../lib/form-rules';
import { type RegisterInput, useRegister } from '../api';
import { ErrorAlert } from '../components/ErrorAlert';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { TermsCheckbox } from '../components/TermsCheckbox';

/** /register: a new company and its owner; the account works once the mailed link is opened. */
export function RegisterPage() {
  const { t } = useTranslation('account');
  const rules = useRules();
  const navigate = useNavigate();
  const register = useRegister();

  if (register.isSuccess) {
    return (
      <PublicLayout title={t('register.title')}>
        <Result
          status="success"
          title={t('register.sent.title')}
          subTitle={t('register.sent.description', {
            email: register.variables.email,
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
      <Form<RegisterInput & { accept_terms: boolean }>
        layout="vertical"
        requiredMark={false}
        onFinish={({ accept_terms: _accepted, ...input }) =>
          register.mutate({ ...input, email: input.email.trim() })
        }
      >
        <Typography.Paragraph type="secondary">{t('register.subtitle')}</Typography.Paragraph>
        <ErrorAlert error={register.error} />
        <Form.Item name="email" label={t('field.email')} rules={[rules.email]}>
          <Input type="email" autoComplete="email" placeholder={t('field.emailPlaceholder')} />
        </Form.Item>
        <Form.Item name="username" label={t('field.username')} rules={[rules.zod(nameSchema)]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="company_name" label={t('field.companyName')} rules={[rules.zod(nameSchema)]}>
          <Input autoComplete="organization" />
        </Form.Item>
        <NewPasswordFields name="password" confirmName="confirm_password" label={t('field.password')} />
        <TermsCheckbox />
        <Button id="register" type="primary" htmlType="submit" block loading={register.isPending}>
          {t('register.submit')}
        </Button>
        <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
          {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
        </Typography.Paragraph>
      </Form>
    </PublicLayout>
  );
}
