import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { useCompanyPool } from '../api';
import { DeviceLicenses } from '../components/DeviceLicenses';
import { PoolTable } from '../components/PoolTable';

/** /license/commercial-owner: the company's licences per batch, and which device holds which. */
export function CompanyPoolPage() {
  const { t } = useTranslation(['license', 'common']);
  const pool = useCompanyPool();
  return (
    <>
      <PageHeader title={t('common:route.licenseCommercial')} />
      <ErrorAlert error={pool.error} />
      <PoolTable pool={pool} />
      <DeviceLicenses pool={pool.data?.list ?? []} />
    </>
  );
}
