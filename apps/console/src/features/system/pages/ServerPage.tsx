import { Card, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { useSystemSettings } from '../api';
import { ServersTable } from '../components/ServersTable';
import { SystemSettingsForm } from '../components/SystemSettingsForm';

/** /setting/server: the servers of this installation, live, and the platform-wide system settings. */
export function ServerPage() {
  const { t } = useTranslation(['system', 'common']);
  const settings = useSystemSettings();
  return (
    <>
      <PageHeader title={t('common:route.server')} />
      <Flex vertical gap="middle">
        <Card>
          <ServersTable />
        </Card>
        <Card title={t('settings.title')}>
          <ErrorAlert error={settings.error} />
          {settings.data ? (
            <SystemSettingsForm settings={settings.data} />
          ) : (
            !settings.error && <Skeleton active />
          )}
        </Card>
      </Flex>
    </>
  );
}
