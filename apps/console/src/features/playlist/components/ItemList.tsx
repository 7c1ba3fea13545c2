import { useTranslation } from 'react-i18next';
import type { DraftItem } from '../items';
import { ItemRow } from './ItemRow';
import { SortableList } from './SortableItems';

type Props = {
  items: readonly DraftItem[];
  onChange: (items: DraftItem[]) => void;
};

/** The playlist's items in playing order, each row with its own settings. */
export function ItemList({ items, onChange }: Props) {
  const { t } = useTranslation('playlist');
  return (
    <SortableList items={items} onChange={onChange} label={t('items.label')}>
      {(item, position, edit) => (
        <ItemRow item={item} position={position} onChange={edit.onChange} onRemove={edit.onRemove} />
      )}
    </SortableList>
  );
}
