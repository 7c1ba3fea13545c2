import type { CategoryItem, DeleteCategoryRequest } from '@vitrine/contract';
import { Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../../components/SearchSelect';

type Fate = 'ungroup' | 'move' | 'delete';

type Props = {
  category: CategoryItem;
  others: readonly CategoryItem[];
  /** Called with the request body the choice amounts to, or null while it is incomplete. */
  onChange: (body: DeleteCategoryRequest | null) => void;
};

/** What becomes of a deleted group's users (spec 001 §4): moved to another group, deleted, or left
 * without a group. */
export function CategoryDeleteChoice({ category, others, onChange }: Props) {
  const { t } = useTranslation('team');
  const [fate, setFate] = useState<Fate>('ungroup');
  const [target, setTarget] = useState<number | undefined>();

  const report = (nextFate: Fate, nextTarget: number | undefined) => {
    setFate(nextFate);
    setTarget(nextTarget);
    if (nextFate === 'move') onChange(nextTarget ? { move_to_category_id: nextTarget } : null);
    else onChange(nextFate === 'delete' ? { delete_users: true } : {});
  };

  if (category.user_count === 0) return <div>{t('category.deleteEmpty', { name: category.name })}</div>;
  return (
    <Flex vertical gap="small">
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('category.deleteUsers', { name: category.name, users: category.user_count })}
      </Typography.Paragraph>
      <Radio.Group value={fate} onChange={(event) => report(event.target.value, target)}>
        <Flex vertical gap={4}>
          <Radio value="ungroup">{t('category.fate.ungroup')}</Radio>
          <Radio value="move" disabled={others.length === 0}>
            {t('category.fate.move')}
          </Radio>
          <Radio value="delete">{t('category.fate.delete')}</Radio>
        </Flex>
      </Radio.Group>
      {fate === 'move' ? (
        <SearchSelect<number>
          aria-label={t('category.moveTo')}
          placeholder={t('category.moveTo')}
          value={target}
          onChange={(value) => report('move', value)}
          options={others.map((item) => ({ value: item.category_id, label: item.name }))}
          placement="bottomLeft"
        />
      ) : null}
    </Flex>
  );
}
