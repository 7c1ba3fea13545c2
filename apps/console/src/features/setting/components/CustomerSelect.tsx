import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCustomerOptions } from '../../team/api';

/** The system role's choice of the customer a domain or property belongs to. */
export function CustomerSelect({
  value,
  onChange,
  allowPlatform = false,
  id,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Offer "the whole platform" (no customer) as well. */
  allowPlatform?: boolean;
  id?: string;
}) {
  const { t } = useTranslation('setting');
  const customers = useCustomerOptions();
  const options = [
    ...(allowPlatform ? [{ value: 0, label: t('platformWide') }] : []),
    ...(customers.data ?? []).map((c) => ({ value: c.customer_id, label: c.customer_name })),
  ];
  return (
    <Select
      id={id}
      showSearch
      optionFilterProp="label"
      loading={customers.isPending}
      options={options}
      value={value ?? (allowPlatform ? 0 : undefined)}
      onChange={(next: number) => onChange?.(next === 0 ? null : next)}
    />
  );
}
