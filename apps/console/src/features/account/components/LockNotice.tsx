import { UNLOCK_LINK_HOURS } from '@vitrine/contract';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useAction } from '../../../lib/use-action';
import { publicCalls } from '../public-calls';

/** Shown on the login page while the typed account is locked: waits it out or mails an unlock link. */
export function LockNotice({ email, minutes }: { email: string; minutes: number }) {
  const { t } = useTranslation('account');
  const unlockEmail = useAction(publicCalls.unlockEmail);

  if (unlockEmail.isSuccess && unlockEmail.variables === email) {
    return (
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('login.locked.title')}
        description={t('login.locked.sent', { email, hours: UNLOCK_LINK_HOURS })}
      />
    );
  }
  return (
    <>
      <ErrorAlert error={unlockEmail.error} />
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('login.locked.title')}
        description={
          // The action sits under the text, not beside it, so it fits a phone's width.
          <>
            <div>{t('login.locked.description', { email, minutes })}</div>
            <Button
              id="unlockEmail"
              size="small"
              style={{ marginTop: 8 }}
              loading={unlockEmail.isPending}
              onClick={() => unlockEmail.mutate(email)}
            >
              {t('login.locked.send')}
            </Button>
          </>
        }
      />
    </>
  );
}
