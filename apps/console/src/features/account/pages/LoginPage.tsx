import { EMAIL_PATTERN, ResultCode } from '@vitrine/contract';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../components/PublicLayout';
import { useRules } from '../../../lib/form-rules';
import { ApiError } from '../../../lib/http';
import { signIn } from '../../../lib/session';
import { useThrottledClick } from '../../../lib/throttle';
import { normalizeEmail, useLogin, useUnlock } from '../api';
import { ErrorAlert } from '../components/ErrorAlert';
import { LockNotice } from '../components/LockNotice';
import { TermsCheckbox } from '../components/TermsCheckbox';
import { safeRedirect } from '../redirect';
import { useOneShot } from '../useOneShot';

type LoginValues = { email: string; password: string; accept_terms: boolean };

const isLocked = (error: unknown) => error instanceof ApiError && error.code === ResultCode.accountLocked;

/** /login: email, password and the terms; a locked account can mail itself an unlock link. */
export function LoginPage() {
  const { t } = useTranslation('account');
  const rules = useRules();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const login = useLogin();
  const unlock = useUnlock();
  // The email whose lock state is shown: the one typed (checked on blur) or the one refused as locked.
  const [lockEmail, setLockEmail] = useState<string | null>(null);

  // /login?unlock_code=… is the unlock mail's link; the code is spent, so it leaves the address.
  const runUnlock = useCallback(
    (code: string) =>
      unlock.mutate(code, {
        onSettled: () =>
          setParams(
            (next) => {
              next.delete('unlock_code');
              return next;
            },
            { replace: true },
          ),
      }),
    [unlock.mutate, setParams],
  );
  useOneShot(params.get('unlock_code'), runUnlock);

  const checkLock = () => {
    const email = normalizeEmail(form.getFieldValue('email') ?? '');
    if (EMAIL_PATTERN.test(email)) setLockEmail(email);
  };

  const submit = useThrottledClick(({ email, password }: LoginValues) => {
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => {
          signIn(result);
          navigate(safeRedirect(params.get('redirect')), { replace: true });
        },
        onError: (error) => {
          if (isLocked(error)) setLockEmail(normalizeEmail(email));
        },
      },
    );
  });

  return (
    <PublicLayout title={t('login.title')}>
      <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
      {unlock.isPending && (
        <Alert type="info" showIcon title={t('login.unlock.checking')} style={{ marginBottom: 16 }} />
      )}
      {unlock.isSuccess && (
        <Alert type="success" showIcon title={t('login.unlock.success')} style={{ marginBottom: 16 }} />
      )}
      <ErrorAlert error={unlock.error} />
      <ErrorAlert error={isLocked(login.error) ? null : login.error} />
      <LockNotice email={lockEmail} />
      <Form<LoginValues> form={form} layout="vertical" requiredMark={false} size="large" onFinish={submit}>
        <Form.Item name="email" label={t('field.email')} rules={[rules.email]}>
          <Input
            type="email"
            autoComplete="username"
            placeholder={t('field.emailPlaceholder')}
            onBlur={checkLock}
          />
        </Form.Item>
        <Form.Item name="password" label={t('field.password')} rules={[rules.password]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <TermsCheckbox />
        <Button id="login" type="primary" htmlType="submit" block loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap gap="small" style={{ marginTop: 16 }}>
        <Link to="/forget">{t('login.forgot')}</Link>
        <span>
          {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
        </span>
      </Flex>
    </PublicLayout>
  );
}
