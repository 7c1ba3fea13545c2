import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../components/PublicLayout';
import { MISSING_LINK } from '../../../lib/errors';
import { useAction } from '../../../lib/use-action';
import { LinkResult } from '../components/LinkResult';
import { publicCalls } from '../public-calls';
import { useOneShot } from '../useOneShot';

/** /register/active?code=: the link of the activation mail sent after registering. */
export function RegisterActivePage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const code = useSearchParams()[0].get('code') ?? '';
  const activate = useAction(publicCalls.registerActive);
  useOneShot(code || null, activate.mutate);

  return (
    <PublicLayout title={t('register.title')}>
      <LinkResult
        pending={code !== '' && (activate.isIdle || activate.isPending)}
        pendingTitle={t('registerActive.activating')}
        error={code === '' ? MISSING_LINK : activate.error}
      >
        <Result
          status="success"
          title={t('registerActive.success.title')}
          subTitle={t('registerActive.success.description', { email: activate.data?.email ?? '' })}
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('link.goToLogin')}
            </Button>
          }
        />
      </LinkResult>
    </PublicLayout>
  );
}
