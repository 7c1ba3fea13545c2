import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { leftToRight } from '../../../lib/bidi';
import { useLicenseHealth } from '../api';

/**
 * "The system license is abnormal" (spec 001 §8) while any pool disagrees with the ledger, naming
 * each pool with what the ledger expects and what it holds; nothing while the books balance.
 */
export function LedgerHealthAlert() {
  const { t } = useTranslation('license');
  const health = useLicenseHealth();
  if (!health.data?.abnormal) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('health.abnormal')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {health.data.pools.map((pool) => (
            <li key={`${pool.batch_id}-${pool.holder_kind}-${pool.holder_id}`}>
              {t('health.pool', {
                holder: t(`health.holder.${pool.holder_kind}`, { id: pool.holder_id }),
                batch: leftToRight(pool.batch_no),
                expectedReceived: pool.expected_received,
                received: pool.received,
                expectedHeld: pool.expected_held,
                held: pool.held,
              })}
            </li>
          ))}
        </ul>
      }
    />
  );
}
