import { PASSWORD_CHANGED_REDIRECT_MS, type SetPasswordRequest } from '@vitrine/contract';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/PublicLayout';
import { useCheckForgetCode, useResetPwd } from '../api';
import { MISSING_LINK } from '../errors';
import { ErrorAlert } from './ErrorAlert';
import { LinkResult } from './LinkResult';
import { NewPasswordFields } from './NewPasswordFields';

/** /forget?code=: the reset mail's link; sets a new password, then sends the user to log in. */
export function ResetPasswordForm({ code }: { code: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const check = useCheckForgetCode(code);
  const reset = useResetPwd(code);
  const email = check.data?.email ?? '';

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), PASSWORD_CHANGED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  return (
    <PublicLayout title={t('forget.reset.title')}>
      <LinkResult
        pending={code !== '' && check.isPending}
        error={code === '' ? MISSING_LINK : check.error}
        retry={<Button onClick={() => navigate('/forget')}>{t('link.requestNew')}</Button>}
      >
        {reset.isSuccess ? (
          <Result
            status="success"
            title={t('forget.reset.success.title')}
            subTitle={t('forget.reset.success.description')}
            extra={
              <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
                {t('link.goToLogin')}
              </Button>
            }
          />
        ) : (
          <Form<SetPasswordRequest>
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => reset.mutate(values)}
          >
            <Typography.Paragraph type="secondary">
              {t('forget.reset.subtitle', { email })}
            </Typography.Paragraph>
            <ErrorAlert error={reset.error} />
            <Form.Item label={t('field.email')}>
              <Input id="email" value={email} disabled />
            </Form.Item>
            <NewPasswordFields name="password" confirmName="confirm_password" />
            <Button type="primary" htmlType="submit" block loading={reset.isPending}>
              {t('forget.reset.submit')}
            </Button>
          </Form>
        )}
      </LinkResult>
    </PublicLayout>
  );
}
