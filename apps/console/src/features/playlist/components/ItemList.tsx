import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import { type DraftItem, moveItem } from '../items';
import { ItemRow } from './ItemRow';

type Props = {
  items: readonly DraftItem[];
  onChange: (items: DraftItem[]) => void;
};

/** Rows move up and down only, whichever way the page reads. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });
/** A press that moves this far is a drag; less is a click. */
const DRAG_DISTANCE = 4;

/**
 * The items in playing order, reordered by dragging their handle, or from the keyboard: Space or
 * Enter on a handle picks the item up, the arrow keys move it, Space or Enter drops it, Escape
 * puts it back. Screen readers hear each step in the page's language.
 */
export function ItemList({ items, onChange }: Props) {
  const { t } = useTranslation('playlist');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DISTANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = items.map((item) => item.key);
  const nameOf = (key: unknown) => items.find((item) => item.key === key)?.name ?? '';
  const placeOf = (key: unknown) => ({ position: keys.indexOf(String(key)) + 1, count: keys.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.start', { name: nameOf(active.id), ...placeOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('dnd.over', { name: nameOf(active.id), ...placeOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('dnd.end', { name: nameOf(active.id), ...placeOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('dnd.cancel', { name: nameOf(active.id) }),
  };

  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(moveItem(items, String(active.id), String(over.id)));
  };
  const patch = (key: string, change: Partial<DraftItem>) =>
    onChange(items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={dropped}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <ol className="playlist-items" aria-label={t('items.label')}>
          {items.map((item, index) => (
            <ItemRow
              key={item.key}
              item={item}
              position={index + 1}
              onChange={(change) => patch(item.key, change)}
              onRemove={() => onChange(items.filter((other) => other.key !== item.key))}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
