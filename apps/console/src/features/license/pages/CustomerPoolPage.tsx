import { ApartmentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { useCustomerPool } from '../api';
import { PoolTable } from '../components/PoolTable';

/** /license/commercial-cus: the customer's licences per batch, and assigning them to its companies. */
export function CustomerPoolPage() {
  const { t } = useTranslation(['license', 'common']);
  const navigate = useNavigate();
  const pool = useCustomerPool();
  return (
    <>
      <PageHeader title={t('common:route.licenseCommercial')} />
      <ErrorAlert error={pool.error} />
      <PoolTable
        pool={pool}
        action={{
          key: 'actions',
          title: t('column.actions'),
          render: (_, batch) => (
            <Button
              size="small"
              icon={<ApartmentOutlined />}
              disabled={batch.available === 0}
              aria-label={t('assign.action', { batch: batch.batch_no })}
              onClick={() => navigate(`/license/assign/${batch.batch_id}`)}
            >
              {t('assign.title')}
            </Button>
          ),
        }}
      />
    </>
  );
}
