import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
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
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ItemKind, moveItem } from '../items';
import { ItemThumb } from './ItemThumb';

// The playlist editor's items and the schedule editor's order are the same list of rows in
// playing order; each says what its rows are called and which settings they carry.

type Keyed = { key: string; name: string };

type Edit<T> = { onChange: (patch: Partial<T>) => void; onRemove: () => void };

type ListProps<T extends Keyed> = {
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** The list's accessible name. */
  label: string;
  /** One item's row (a SortableRow), at its place from 1. */
  children: (item: T, position: number, edit: Edit<T>) => ReactNode;
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
export function SortableList<T extends Keyed>({ items, onChange, label, children }: ListProps<T>) {
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
  const patch = (key: string, change: Partial<T>) =>
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
        <ol className="playlist-items" aria-label={label}>
          {items.map((item, index) => (
            <Fragment key={item.key}>
              {children(item, index + 1, {
                onChange: (change) => patch(item.key, change),
                onRemove: () => onChange(items.filter((other) => other.key !== item.key)),
              })}
            </Fragment>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

type RowProps = {
  item: Keyed & { thumbnail: string | null };
  kind: ItemKind;
  /** Beside the playlist-item class, e.g. the schedule's own. */
  className?: string;
  testId: string;
  /** The handle's and the remove button's names, in the list's own words. */
  dragLabel: string;
  removeLabel: string;
  onRemove: () => void;
  /** After the kind's tag, e.g. the item's own length. */
  note?: ReactNode;
  /** The item's own settings, between its title and the remove button. */
  children: ReactNode;
};

/** One item of a SortableList: its handle, picture, name and kind, its settings, and remove. */
export function SortableRow({
  item,
  kind,
  className,
  testId,
  dragLabel,
  removeLabel,
  onRemove,
  note,
  children,
}: RowProps) {
  const { t } = useTranslation('playlist');
  const sortable = useSortable({ id: item.key });
  const style = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
  };

  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={['playlist-item', className, sortable.isDragging ? 'is-dragging' : null]
        .filter(Boolean)
        .join(' ')}
      data-testid={testId}
    >
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        className="playlist-item__handle"
        aria-label={dragLabel}
        {...sortable.attributes}
        {...sortable.listeners}
      >
        <HolderOutlined />
      </button>
      <span className="playlist-item__thumb">
        <ItemThumb kind={kind} thumbnail={item.thumbnail} name={item.name} small />
      </span>
      <div className="playlist-item__title">
        <Typography.Text strong ellipsis={{ tooltip: item.name }} dir="auto">
          {item.name}
        </Typography.Text>
        <div>
          <Tag>{t(`kind.${kind}`)}</Tag>
          {note}
        </div>
      </div>
      {children}
      <Tooltip title={removeLabel}>
        <Button
          type="text"
          danger
          className="playlist-item__remove"
          icon={<DeleteOutlined />}
          aria-label={removeLabel}
          onClick={onRemove}
        />
      </Tooltip>
    </li>
  );
}
