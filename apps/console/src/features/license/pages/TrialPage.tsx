import { PLATFORM_ROLES, type TrialDevice, type TrialUsageItem } from '@vitrine/contract';
import { Alert, Card, Progress, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { leftToRight } from '../../../lib/bidi';
import { tableView, useListView } from '../../../lib/list-params';
import { hasRole } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useTrialDevices, useTrialUsage } from '../api';
import { TrialTermsCard } from '../components/TrialTermsCard';

const NO_FILTERS = [] as const;

/** /license/trial: the trial terms, and how many trials each company (an owner: its own) used. */
export function TrialPage() {
  const { t } = useTranslation(['license', 'common']);
  const platform = hasRole(useSession().user?.role_id, PLATFORM_ROLES);
  return (
    <>
      <PageHeader title={t('common:route.licenseTrial')} />
      <TrialTermsCard editable={platform} />
      {platform ? <CompanyUsage /> : <OwnTrials />}
    </>
  );
}

/** The usage of every company: search by name, paged. */
function CompanyUsage() {
  const { t } = useTranslation('license');
  const { view, query, update } = useListView(NO_FILTERS);
  const usage = useTrialUsage(query);
  const columns: ColumnsType<TrialUsageItem> = [
    { key: 'company', title: t('trial.company'), dataIndex: 'company_name' },
    {
      key: 'used',
      title: t('trial.used'),
      // Numbers in a sentence of the language: no left-to-right isolation (Arabic reads "1 من 10").
      render: (_, row) => t('trial.usedOf', { used: row.used, limit: row.limit }),
    },
  ];
  return (
    <Card title={t('trial.usage')}>
      <ErrorAlert error={usage.error} />
      <div style={{ marginBottom: 16 }}>
        <KeywordSearch
          id="trial-usage-search"
          keyword={view.keyword}
          placeholder={t('trial.search')}
          width={320}
          onSearch={(keyword) => update({ keyword })}
        />
      </div>
      <Table<TrialUsageItem>
        rowKey="company_id"
        columns={columns}
        dataSource={usage.data?.list}
        loading={usage.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('trial.noCompany') }}
        {...tableView<TrialUsageItem>(view, update, usage.data?.total ?? 0, (total) => t('total', { total }))}
      />
    </Card>
  );
}

/** The owner's company: trials used of the limit, what to do when none are left, its devices on trial. */
function OwnTrials() {
  const { t } = useTranslation('license');
  const dateTime = useDateTime();
  const { view, query, update } = useListView(NO_FILTERS);
  const usage = useTrialUsage({});
  const own = usage.data?.list[0];
  const devices = useTrialDevices(query, true);
  const exhausted = own !== undefined && own.used >= own.limit;
  const columns: ColumnsType<TrialDevice> = [
    { key: 'device', title: t('device.name'), dataIndex: 'device_name' },
    {
      key: 'expires',
      title: t('device.expires'),
      render: (_, device) => leftToRight(dateTime(device.expires_at)),
    },
  ];
  return (
    <>
      <Card title={t('trial.usage')} loading={usage.isLoading} style={{ marginBottom: 16 }}>
        <ErrorAlert error={usage.error} />
        {own && (
          <>
            <Progress
              percent={own.limit === 0 ? 100 : Math.round((own.used / own.limit) * 100)}
              status={exhausted ? 'exception' : 'normal'}
              format={() => t('trial.usedOf', { used: own.used, limit: own.limit })}
              aria-label={t('trial.usage')}
              style={{ maxWidth: 480 }}
            />
            {exhausted && (
              <Alert
                type="warning"
                showIcon
                style={{ marginTop: 16 }}
                message={t('trial.exhausted')}
                description={
                  <>
                    {t('trial.exhaustedHelp')}{' '}
                    <Link to="/license/commercial-owner">{t('trial.toLicenses')}</Link>
                  </>
                }
              />
            )}
          </>
        )}
      </Card>
      <Card title={t('trial.devices')} styles={{ body: { padding: 0 } }}>
        <ErrorAlert error={devices.error} />
        <Table<TrialDevice>
          rowKey="device_id"
          columns={columns}
          dataSource={devices.data?.list}
          loading={devices.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('trial.noDevice') }}
          {...tableView<TrialDevice>(view, update, devices.data?.total ?? 0, (total) =>
            t('total', { total }),
          )}
        />
      </Card>
    </>
  );
}
