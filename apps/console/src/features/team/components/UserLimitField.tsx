import { QUANTITY_LIMIT } from '@vitrine/contract';
import { Checkbox, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/NumberInput';

type Props = { id?: string; value?: number | null; onChange?: (value: number | null) => void };

const DEFAULT_LIMIT = 10;

/** A company's limit on users created: 1 to 9,999, or none. */
export function UserLimitField({ id, value, onChange }: Props) {
  const { t } = useTranslation('team');
  const unlimited = value === null || value === undefined;
  return (
    <Flex gap="middle" align="center" wrap>
      <NumberInput
        id={id}
        min={1}
        max={QUANTITY_LIMIT - 1}
        value={unlimited ? null : value}
        disabled={unlimited}
        onChange={(next) => onChange?.(next)}
        width={160}
      />
      <Checkbox
        checked={unlimited}
        onChange={(event) => onChange?.(event.target.checked ? null : DEFAULT_LIMIT)}
      >
        {t('company.unlimited')}
      </Checkbox>
    </Flex>
  );
}
