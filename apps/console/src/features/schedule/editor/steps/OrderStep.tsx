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
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { SCHEDULE_ITEM_SECONDS_MAX, SCHEDULE_ITEM_SECONDS_MIN } from '@vitrine/contract';
import { Alert, Button, Empty, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../../components/NumberInput';
import { formatDuration } from '../../../content/format';
import { ItemThumb } from '../../../playlist/components/ItemThumb';
import { kindOfType } from '../../../playlist/items';
import { type Draft, type ItemChoice, isProgramType, itemSeconds, totalSeconds } from '../draft';

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

type RowProps = {
  item: ItemChoice;
  position: number;
  onChange: (patch: Partial<ItemChoice>) => void;
  onRemove: () => void;
};

function OrderRow({ item, position, onChange, onRemove }: RowProps) {
  const { t } = useTranslation(['schedule-editor', 'playlist']);
  const sortable = useSortable({ id: item.key });
  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
  const kind = kindOfType(item.type);
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={
        sortable.isDragging
          ? 'playlist-item schedule-order__row is-dragging'
          : 'playlist-item schedule-order__row'
      }
      data-testid="schedule-item"
    >
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        className="playlist-item__handle"
        aria-label={t('order.drag', { name: item.name, position })}
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
          <Tag>{t(`playlist:kind.${kind}`)}</Tag>
        </div>
      </div>
      <div className="schedule-order__seconds">
        <NumberInput
          aria-label={t('order.seconds', { name: item.name })}
          value={item.duration}
          onChange={(duration) =>
            onChange({ duration: duration === null ? null : Math.max(duration, SCHEDULE_ITEM_SECONDS_MIN) })
          }
          max={SCHEDULE_ITEM_SECONDS_MAX}
          placeholder={String(itemSeconds({ ...item, duration: null }))}
          height={32}
          suffix="s"
        />
      </div>
      <Tooltip title={t('order.remove', { name: item.name })}>
        <Button
          type="text"
          danger
          className="playlist-item__remove"
          icon={<DeleteOutlined />}
          aria-label={t('order.remove', { name: item.name })}
          onClick={onRemove}
        />
      </Tooltip>
    </li>
  );
}

type Props = { draft: Draft; onItems: (items: ItemChoice[]) => void; errors: string[] };

/**
 * Step 4: the items in playing order, dragged by their handle (or moved from the keyboard: Space
 * picks up, arrows move, Space drops), each with its seconds (empty: its own length or the default).
 */
export function OrderStep({ draft, onItems, errors }: Props) {
  const { t } = useTranslation(['schedule-editor', 'playlist']);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  if (isProgramType(draft.type)) {
    return (
      <div id="scheduleOrder" className="schedule-step">
        <Alert
          type="info"
          showIcon
          title={t('order.program', { name: draft.program?.name ?? '' })}
          description={
            draft.program?.duration
              ? t('order.programLength', { duration: formatDuration(draft.program.duration) })
              : null
          }
        />
      </div>
    );
  }
  const items = draft.items;
  const keys = items.map((item) => item.key);
  const nameOf = (key: unknown) => items.find((item) => item.key === key)?.name ?? '';
  const placeOf = (key: unknown) => ({ position: keys.indexOf(String(key)) + 1, count: keys.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('playlist:dnd.start', { name: nameOf(active.id), ...placeOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('playlist:dnd.over', { name: nameOf(active.id), ...placeOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('playlist:dnd.end', { name: nameOf(active.id), ...placeOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('playlist:dnd.cancel', { name: nameOf(active.id) }),
  };
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onItems(arrayMove([...items], keys.indexOf(String(active.id)), keys.indexOf(String(over.id))));
  };
  return (
    <div id="scheduleOrder" className="schedule-step">
      <Typography.Paragraph type="secondary">
        {t('order.summary', { count: items.length, duration: formatDuration(totalSeconds(items)) })}
      </Typography.Paragraph>
      {errors.map((message) => (
        <Alert
          key={message}
          type="error"
          showIcon
          title={message}
          role="alert"
          className="schedule-step__alert"
        />
      ))}
      {items.length === 0 ? (
        <Empty description={t('order.empty')} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[verticalOnly]}
          onDragEnd={dropped}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('playlist:dnd.instructions') },
          }}
        >
          <SortableContext items={keys} strategy={verticalListSortingStrategy}>
            <ol className="playlist-items" aria-label={t('order.label')}>
              {items.map((item, index) => (
                <OrderRow
                  key={item.key}
                  item={item}
                  position={index + 1}
                  onChange={(patch) =>
                    onItems(items.map((other) => (other.key === item.key ? { ...other, ...patch } : other)))
                  }
                  onRemove={() => onItems(items.filter((other) => other.key !== item.key))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </div>
  );
}
