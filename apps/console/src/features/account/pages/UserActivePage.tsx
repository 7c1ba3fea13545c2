import type { SetPasswordRequest } from '@vitrine/contract';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../components/PublicLayout';
import { useActivate, useCheckActiveCode } from '../api';
import { ErrorAlert } from '../components/ErrorAlert';
import { LinkResult } from '../components/LinkResult';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { MISSING_LINK } from '../errors';

/** /user/active?code=: an invited user sets a password, which activates the account. */
export function UserActivePage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const code = useSearchParams()[0].get('code') ?? '';
  const check = useCheckActiveCode(code);
  const activate = useActivate(code);
  const email = check.data?.email ?? '';

  return (
    <PublicLayout title={t('userActive.title')}>
      <LinkResult pending={code !== '' && check.isPending} error={code === '' ? MISSING_LINK : check.error}>
        {activate.isSuccess ? (
          <Result
            status="success"
            title={t('userActive.success.title')}
            subTitle={t('userActive.success.description', { email })}
            extra={
              <Button type="primary" onClick={() => navigate('/login')}>
                {t('link.goToLogin')}
              </Button>
            }
          />
        ) : (
          <Form<SetPasswordRequest>
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => activate.mutate(values)}
          >
            <Typography.Paragraph type="secondary">
              {t('userActive.subtitle', { username: check.data?.username ?? '' })}
            </Typography.Paragraph>
            <ErrorAlert error={activate.error} />
            <Form.Item label={t('field.email')}>
              <Input id="email" value={email} disabled />
            </Form.Item>
            <NewPasswordFields name="password" confirmName="confirm_password" label={t('field.password')} />
            <Button type="primary" htmlType="submit" block loading={activate.isPending}>
              {t('userActive.submit')}
            </Button>
          </Form>
        )}
      </LinkResult>
    </PublicLayout>
  );
}
