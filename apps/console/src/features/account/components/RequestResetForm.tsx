import { RESET_LINK_HOURS } from '@vitrine/contract';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/PublicLayout';
import { useRules } from '../../../lib/form-rules';
import { useForgetPwd } from '../api';
import { ErrorAlert } from './ErrorAlert';

/** /forget: asks for a reset mail. The answer never tells whether the account exists. */
export function RequestResetForm() {
  const { t } = useTranslation('account');
  const rules = useRules();
  const navigate = useNavigate();
  const forget = useForgetPwd();

  return (
    <PublicLayout title={t('forget.title')}>
      {forget.isSuccess ? (
        <Result
          status="success"
          title={t('forget.sent.title')}
          subTitle={t('forget.sent.description', { email: forget.variables, hours: RESET_LINK_HOURS })}
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('link.backToLogin')}
            </Button>
          }
        />
      ) : (
        <Form<{ email: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={({ email }) => forget.mutate(email.trim())}
        >
          <Typography.Paragraph type="secondary">{t('forget.subtitle')}</Typography.Paragraph>
          <ErrorAlert error={forget.error} />
          <Form.Item name="email" label={t('field.email')} rules={[rules.email]}>
            <Input type="email" autoComplete="email" placeholder={t('field.emailPlaceholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={forget.isPending}>
            {t('forget.submit')}
          </Button>
          <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
            <Link to="/login">{t('link.backToLogin')}</Link>
          </Typography.Paragraph>
        </Form>
      )}
    </PublicLayout>
  );
}
