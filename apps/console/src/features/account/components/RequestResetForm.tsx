import { checkEmail, RESET_LINK_HOURS } from '@vitrine/contract';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PublicLayout, PublicSubtitle } from '../../../components/PublicLayout';
import { useFieldForm } from '../../../lib/field-form';
import { useAction } from '../../../lib/use-action';
import { publicCalls } from '../public-calls';
import { FieldForm, FormField } from './FormField';
import { Input } from './inputs';

/** /forget: asks for a reset mail. The answer never tells whether the account exists. */
export function RequestResetForm() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const forget = useAction(publicCalls.forgetPwd);
  const form = useFieldForm({ email: '' }, { email: checkEmail });

  if (forget.isSuccess) {
    return (
      <PublicLayout title={t('forget.title')}>
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
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t('forget.title')}>
      <PublicSubtitle>{t('forget.subtitle')}</PublicSubtitle>
      <ErrorAlert error={forget.error} />
      <FieldForm onSubmit={form.submit(({ email }) => forget.mutate(email.trim()))}>
        <FormField id="email" label={t('field.email')} error={form.errors.email}>
          <Input
            type="email"
            autoComplete="email"
            placeholder={t('field.emailPlaceholder')}
            {...form.input('email')}
          />
        </FormField>
        <Button type="primary" htmlType="submit" block loading={forget.isPending}>
          {t('forget.submit')}
        </Button>
        <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login">{t('link.backToLogin')}</Link>
        </Typography.Paragraph>
      </FieldForm>
    </PublicLayout>
  );
}
