import { PASSWORD_CHANGED_REDIRECT_MS } from '@vitrine/contract';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PublicLayout, PublicSubtitle } from '../../../components/PublicLayout';
import { MISSING_LINK } from '../../../lib/errors';
import { useFieldForm } from '../../../lib/field-form';
import { useAction } from '../../../lib/use-action';
import { publicCalls } from '../public-calls';
import { useOneShot } from '../useOneShot';
import { FieldForm, FormField } from './FormField';
import { Input } from './inputs';
import { LinkResult } from './LinkResult';
import { NewPasswordFields, newPasswordChecks } from './NewPasswordFields';

/** /forget?code=: the reset mail's link; sets a new password, then sends the user to log in. */
export function ResetPasswordForm({ code }: { code: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const check = useAction(publicCalls.checkForgetCode);
  const reset = useAction(publicCalls.resetPwd);
  const form = useFieldForm({ password: '', confirm_password: '' }, newPasswordChecks);
  const email = check.data?.email ?? '';
  useOneShot(code || null, check.mutate);

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), PASSWORD_CHANGED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  return (
    <PublicLayout title={t('forget.reset.title')}>
      <LinkResult
        pending={code !== '' && (check.isIdle || check.isPending)}
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
          <>
            <PublicSubtitle>{t('forget.reset.subtitle', { email })}</PublicSubtitle>
            <ErrorAlert error={reset.error} />
            <FieldForm onSubmit={form.submit((values) => reset.mutate({ ...values, code }))}>
              <FormField id="email" label={t('field.email')}>
                <Input id="email" value={email} disabled />
              </FormField>
              <NewPasswordFields form={form} />
              <Button type="primary" htmlType="submit" block loading={reset.isPending}>
                {t('forget.reset.submit')}
              </Button>
            </FieldForm>
          </>
        )}
      </LinkResult>
    </PublicLayout>
  );
}
