import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../lib/errors';

type Props = {
  pending: boolean;
  /** Shown with the spinner; "Checking your link…" unless the page says better. */
  pendingTitle?: string;
  error: unknown;
  /** Shown beside "Back to login" when the link failed, e.g. a way to ask for a new mail. */
  retry?: ReactNode;
  children: ReactNode;
};

/** The frame of a mailed link's page: a spinner while it is checked, the spec's message when it fails. */
export function LinkResult({ pending, pendingTitle, error, retry, children }: Props) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const navigate = useNavigate();
  if (pending) return <Result icon={<Spin size="large" />} title={pendingTitle ?? t('link.checking')} />;
  if (error) {
    return (
      <Result
        status="error"
        title={errorText(error)}
        extra={
          <>
            {retry}
            <Button type={retry ? 'default' : 'primary'} onClick={() => navigate('/login')}>
              {t('link.backToLogin')}
            </Button>
          </>
        }
      />
    );
  }
  return children;
}
