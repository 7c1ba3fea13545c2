import { TreeSelect } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaceTree } from '../api';
import { toOptions } from '../tree';

type Props = {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  allowClear?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  /** The control's name where no form label names it (a filter bar): a placeholder is no name. */
  'aria-label'?: string;
};

/** A form control choosing one workspace of the caller's tree (GET workspace/select-list). */
export function WorkspaceTreeSelect({
  id,
  value,
  onChange,
  allowClear = false,
  placeholder,
  style,
  'aria-label': ariaLabel,
}: Props) {
  const { t } = useTranslation('common');
  const tree = useWorkspaceTree();
  const options = useMemo(() => toOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect<number | null>
      id={id}
      aria-label={ariaLabel}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      treeData={options}
      loading={tree.isPending}
      allowClear={allowClear}
      placeholder={placeholder ?? t('select.placeholder')}
      notFoundContent={tree.isPending ? t('select.loading') : t('select.noMatch')}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      style={{ width: '100%', ...style }}
    />
  );
}
