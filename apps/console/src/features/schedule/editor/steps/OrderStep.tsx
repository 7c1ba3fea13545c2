import { SCHEDULE_ITEM_SECONDS_MAX, SCHEDULE_ITEM_SECONDS_MIN } from '@vitrine/contract';
import { Alert, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../../components/NumberInput';
import { formatDuration } from '../../../../lib/format';
import { kindOfType } from '../../../playlist/api';
import { SortableList, SortableRow } from '../../../playlist/ui';
import { type Draft, type ItemChoice, isProgramType, itemSeconds, totalSeconds } from '../draft';

type RowProps = {
  item: ItemChoice;
  position: number;
  onChange: (patch: Partial<ItemChoice>) => void;
  onRemove: () => void;
};

function OrderRow({ item, position, onChange, onRemove }: RowProps) {
  const { t } = useTranslation('schedule-editor');
  return (
    <SortableRow
      item={item}
      kind={kindOfType(item.type)}
      className="schedule-order__row"
      testId="schedule-item"
      dragLabel={t('order.drag', { name: item.name, position })}
      removeLabel={t('order.remove', { name: item.name })}
      onRemove={onRemove}
    >
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
          suffix={t('order.secondsUnit')}
        />
      </div>
    </SortableRow>
  );
}

type Props = { draft: Draft; onItems: (items: ItemChoice[]) => void };

/**
 * Step 4: the items in playing order, dragged by their handle (or moved from the keyboard: Space
 * picks up, arrows move, Space drops), each with its seconds (empty: its own length or the default).
 */
export function OrderStep({ draft, onItems }: Props) {
  const { t } = useTranslation(['schedule-editor', 'playlist']);
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
  return (
    <div id="scheduleOrder" className="schedule-step">
      <Typography.Paragraph type="secondary">
        {t('order.summary', { count: items.length, duration: formatDuration(totalSeconds(items)) })}
      </Typography.Paragraph>
      {items.length === 0 ? (
        <Empty description={t('order.empty')} />
      ) : (
        <SortableList items={items} onChange={onItems} label={t('order.label')}>
          {(item, position, edit) => (
            <OrderRow item={item} position={position} onChange={edit.onChange} onRemove={edit.onRemove} />
          )}
        </SortableList>
      )}
    </div>
  );
}
