import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { useCompanyPool } from '../api';
import { PoolTable } from '../components/PoolTable';

/** /license/commercial-owner: the licences the company received, per batch. */
export function CompanyPoolPage() {
  const { t } = useTranslation(['license', 'common']);
  const pool = useCompanyPool();
  return (
    <>
      <PageHeader title={t('common:route.licenseCommercial')} />
      <ErrorAlert error={pool.error} />
      <PoolTable pool={pool} />
    </>
  );
}
