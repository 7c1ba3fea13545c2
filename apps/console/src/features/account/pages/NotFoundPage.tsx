import { NOT_FOUND_COUNTDOWN_SECONDS } from '@vitrine/contract';
import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/PublicLayout';

/** /404: says so, then counts down to the homepage. */
export function NotFoundPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [left, setLeft] = useState(NOT_FOUND_COUNTDOWN_SECONDS);

  useEffect(() => {
    const timer = setInterval(() => setLeft((seconds) => seconds - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) navigate('/', { replace: true });
  }, [left, navigate]);

  return (
    <PublicLayout title={t('notFound.title')}>
      <Result
        status="404"
        title={t('notFound.message')}
        subTitle={<span aria-live="polite">{t('notFound.countdown', { count: Math.max(left, 0) })}</span>}
        extra={
          <Button id="goHome" type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('notFound.goNow')}
          </Button>
        }
      />
    </PublicLayout>
  );
}
