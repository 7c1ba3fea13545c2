import { Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Case-insensitive match of the typed text in an option's label (spec 000 §5). */
export function labelMatches(input: string, option?: { label?: ReactNode }): boolean {
  const label = option?.label;
  const text = typeof label === 'string' || typeof label === 'number' ? String(label) : '';
  return text.toLowerCase().includes(input.trim().toLowerCase());
}

/** A select that filters its options locally by label; clearable; placed bottom-right. */
export function SearchSelect<V = unknown>({
  allowClear = true,
  placement = 'bottomRight',
  placeholder,
  loading,
  notFoundContent,
  ...rest
}: SelectProps<V>) {
  const { t } = useTranslation();
  return (
    <Select<V>
      showSearch={{ filterOption: labelMatches }}
      allowClear={allowClear}
      placement={placement}
      placeholder={placeholder ?? t('select.placeholder')}
      loading={loading}
      notFoundContent={notFoundContent ?? (loading ? t('select.loading') : t('select.noMatch'))}
      {...rest}
    />
  );
}
