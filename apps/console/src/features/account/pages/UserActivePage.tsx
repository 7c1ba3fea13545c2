import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PublicLayout, PublicSubtitle } from '../../../components/PublicLayout';
import { MISSING_LINK } from '../../../lib/errors';
import { useFieldForm } from '../../../lib/field-form';
import { useAction } from '../../../lib/use-action';
import { FieldForm, FormField } from '../components/FormField';
import { Input } from '../components/inputs';
import { LinkResult } from '../components/LinkResult';
import { NewPasswordFields, newPasswordChecks } from '../components/NewPasswordFields';
import { publicCalls } from '../public-calls';
import { useOneShot } from '../useOneShot';

/** /user/active?code=: an invited user sets a password, which activates the account. */
export function UserActivePage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const code = useSearchParams()[0].get('code') ?? '';
  const check = useAction(publicCalls.checkActiveCode);
  const activate = useAction(publicCalls.activate);
  const form = useFieldForm({ password: '', confirm_password: '' }, newPasswordChecks);
  const email = check.data?.email ?? '';
  useOneShot(code || null, check.mutate);

  return (
    <PublicLayout title={t('userActive.title')}>
      <LinkResult
        pending={code !== '' && (check.isIdle || check.isPending)}
        error={code === '' ? MISSING_LINK : check.error}
      >
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
          <>
            <PublicSubtitle>
              {t('userActive.subtitle', { username: check.data?.username ?? '' })}
            </PublicSubtitle>
            <ErrorAlert error={activate.error} />
            <FieldForm onSubmit={form.submit((values) => activate.mutate({ ...values, code }))}>
              <FormField id="email" label={t('field.email')}>
                <Input id="email" value={email} disabled />
              </FormField>
              <NewPasswordFields form={form} label={t('field.password')} />
              <Button type="primary" htmlType="submit" block loading={activate.isPending}>
                {t('userActive.submit')}
              </Button>
            </FieldForm>
          </>
        )}
      </LinkResult>
    </PublicLayout>
  );
}
