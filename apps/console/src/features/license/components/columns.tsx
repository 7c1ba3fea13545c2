import type { LicensePoolItem } from '@vitrine/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { leftToRight } from '../../../lib/bidi';

type Batch = Pick<LicensePoolItem, 'type' | 'batch_no' | 'validity_type' | 'effect_days' | 'expiration_date'>;
type Balance = Pick<LicensePoolItem, 'quantity' | 'assigned' | 'unassigned' | 'available'>;

/** A batch's validity in words: permanent, days counted from binding, or a last day. */
export function useValidityText() {
  const { t } = useTranslation('license');
  return (batch: Batch) =>
    batch.validity_type === 'days'
      ? t('validity.days', { days: batch.effect_days })
      : batch.validity_type === 'date'
        ? t('validity.date', { date: leftToRight(batch.expiration_date ?? '') })
        : t('validity.permanent');
}

/** The columns saying which batch a row is: batch number (left to right in Arabic too), type, validity. */
export function useBatchColumns<T extends Batch>(): ColumnsType<T> {
  const { t } = useTranslation('license');
  const validity = useValidityText();
  return [
    {
      key: 'batch_no',
      title: t('column.batchNo'),
      render: (_, batch) => <bdi dir="ltr">{batch.batch_no}</bdi>,
    },
    {
      key: 'type',
      title: t('column.type'),
      render: (_, batch) => (
        <Tag color={batch.type === 'commercial' ? 'blue' : 'gold'}>{t(`type.${batch.type}`)}</Tag>
      ),
    },
    { key: 'validity', title: t('column.validity'), render: (_, batch) => validity(batch) },
  ];
}

/** Balance columns, numbers aligned at the end; `keys` picks which a level shows. */
export function useBalanceColumns<T extends Balance>(keys: readonly (keyof Balance)[]): ColumnsType<T> {
  const { t } = useTranslation('license');
  return keys.map((key) => ({
    key,
    title: t(`column.${key}`),
    align: 'end',
    render: (_: unknown, row: T) => row[key],
  }));
}
