import { Button, Flex, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useUserCenterInfo } from '../api';
import { AccountCard } from '../components/AccountCard';
import { PreferencesCard } from '../components/PreferencesCard';

/** /profile/info: the user's own account and preferences. */
export function ProfilePage() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const info = useUserCenterInfo();

  if (info.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (info.isError) {
    return (
      <Result
        status="error"
        title={errorText(info.error)}
        extra={
          <Button type="primary" onClick={() => info.refetch()}>
            {t('profile.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 960 }}>
      <AccountCard info={info.data} />
      <PreferencesCard info={info.data} />
    </Flex>
  );
}
