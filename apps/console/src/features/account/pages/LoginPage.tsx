import { checkEmail, checkPassword, EMAIL_PATTERN, ResultCode } from '@vitrine/contract';
import { Alert, Button, Flex } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PublicLayout, PublicSubtitle } from '../../../components/PublicLayout';
import { useFieldForm } from '../../../lib/field-form';
import { ApiError } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import { signIn, updateUser } from '../../../lib/session';
import { useThrottledClick } from '../../../lib/throttle';
import { useAction } from '../../../lib/use-action';
import { FieldForm, FormField } from '../components/FormField';
import { Input, PasswordInput } from '../components/inputs';
import { LockNotice } from '../components/LockNotice';
import { checkTerms, TermsCheckbox } from '../components/TermsCheckbox';
import { normalizeEmail, publicCalls } from '../public-calls';
import { safeRedirect } from '../redirect';
import { useRegistrationOpen } from '../registration';
import { useOneShot } from '../useOneShot';

type LoginValues = { email: string; password: string; accept_terms: boolean };

const isLocked = (error: unknown) => error instanceof ApiError && error.code === ResultCode.accountLocked;

/** /login: email, password and the terms; a locked account can mail itself an unlock link. */
export function LoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const form = useFieldForm<LoginValues>(
    { email: '', password: '', accept_terms: false },
    { email: checkEmail, password: checkPassword, accept_terms: checkTerms },
  );
  const login = useAction(publicCalls.login);
  const registrationOpen = useRegistrationOpen();
  const unlock = useAction(publicCalls.unlock);
  // The lock of the email typed (checked on blur) or refused as locked. It stays on screen while
  // the same email is checked again.
  const [locked, setLocked] = useState<{ email: string; minutes: number } | null>(null);
  const {
    mutate: checkLockCall,
    refresh: refreshLock,
    variables: lockChecked,
  } = useAction(publicCalls.checkLock);
  const checkLock = useCallback(
    (email: string) => {
      setLocked((shown) => (shown?.email === email ? shown : null));
      checkLockCall(email, {
        onSuccess: (state) => setLocked(state.locked ? { email, minutes: state.minutes } : null),
      });
    },
    [checkLockCall],
  );

  // /login?unlock_code=… is the unlock mail's link; the code is spent, so it leaves the address.
  const runUnlock = useCallback(
    (code: string) =>
      unlock.mutate(code, {
        // The lock shown for an email may be over.
        onSuccess: refreshLock,
        onSettled: () =>
          setParams(
            (next) => {
              next.delete('unlock_code');
              return next;
            },
            { replace: true },
          ),
      }),
    [unlock.mutate, setParams, refreshLock],
  );
  useOneShot(params.get('unlock_code'), runUnlock);

  const checkTypedLock = () => {
    const email = normalizeEmail(form.values.email);
    if (EMAIL_PATTERN.test(email) && email !== lockChecked) checkLock(email);
  };

  const submit = useThrottledClick(({ email, password }: LoginValues) => {
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => {
          signIn(result);
          const language = currentLanguage();
          if (result.info.language_len_id !== language) {
            // A failure leaves the account's language as it was; the profile page can still change it.
            publicCalls
              .saveLanguage(language)
              .then(() => updateUser({ language_len_id: language }))
              .catch(() => undefined);
          }
          navigate(safeRedirect(params.get('redirect')), { replace: true });
        },
        onError: (error) => {
          if (isLocked(error)) checkLock(normalizeEmail(email));
        },
      },
    );
  });

  return (
    <PublicLayout title={t('login.title')}>
      <PublicSubtitle>{t('login.subtitle')}</PublicSubtitle>
      {unlock.isPending && (
        <Alert type="info" showIcon title={t('login.unlock.checking')} style={{ marginBottom: 16 }} />
      )}
      {unlock.isSuccess && (
        <Alert type="success" showIcon title={t('login.unlock.success')} style={{ marginBottom: 16 }} />
      )}
      <ErrorAlert error={unlock.error} />
      <ErrorAlert error={isLocked(login.error) ? null : login.error} />
      {locked && <LockNotice email={locked.email} minutes={locked.minutes} />}
      <FieldForm large onSubmit={form.submit(submit)}>
        <FormField id="email" label={t('field.email')} error={form.errors.email}>
          <Input
            type="email"
            size="large"
            autoComplete="username"
            placeholder={t('field.emailPlaceholder')}
            onBlur={checkTypedLock}
            {...form.input('email')}
          />
        </FormField>
        <FormField id="password" label={t('field.password')} error={form.errors.password}>
          <PasswordInput size="large" autoComplete="current-password" {...form.input('password')} />
        </FormField>
        <TermsCheckbox
          checked={form.values.accept_terms}
          error={form.errors.accept_terms}
          onChange={(checked) => form.setValue('accept_terms', checked)}
        />
        <Button id="login" type="primary" htmlType="submit" size="large" block loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </FieldForm>
      <Flex justify="space-between" wrap gap="small" style={{ marginTop: 16 }}>
        <Link to="/forget">{t('login.forgot')}</Link>
        {registrationOpen !== false && (
          <span>
            {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
          </span>
        )}
      </Flex>
    </PublicLayout>
  );
}
