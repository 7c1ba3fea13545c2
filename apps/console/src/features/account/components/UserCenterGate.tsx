import type { UserInfo } from '@vitrine/contract';
import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useUserCenterInfo } from '../api';

/** Shows `children` with the user-center info once loaded; a skeleton before, a retry on failure. */
export function UserCenterGate({ children }: { children: (info: UserInfo) => ReactNode }) {
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
  return children(info.data);
}
