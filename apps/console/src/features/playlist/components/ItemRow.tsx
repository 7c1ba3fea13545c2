import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ITEM_FITS,
  PLAYLIST_ITEM_SECONDS_MAX,
  PLAYLIST_ITEM_SECONDS_MIN,
  TRANSITIONS,
} from '@vitrine/contract';
import { Button, Select, Switch, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/NumberInput';
import { formatDuration } from '../../content/format';
import { type DraftItem, hasFit, hasSound, secondsOf } from '../items';
import { ItemThumb } from './ItemThumb';

const roundSeconds = (seconds: number) => Math.round(seconds * 10) / 10;

type Props = {
  item: DraftItem;
  position: number;
  onChange: (patch: Partial<DraftItem>) => void;
  onRemove: () => void;
};

/** One item of the editor: its handle, picture, name and type, and its own settings. */
export function ItemRow({ item, position, onChange, onRemove }: Props) {
  const { t } = useTranslation('playlist');
  const sortable = useSortable({ id: item.key });
  const nested = item.source === 'playlist';
  const style = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
  };
  const label = (key: string) => `${t(key)} · ${item.name}`;

  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={sortable.isDragging ? 'playlist-item is-dragging' : 'playlist-item'}
      data-testid="playlist-item"
    >
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        className="playlist-item__handle"
        aria-label={t('item.drag', { name: item.name, position })}
        {...sortable.attributes}
        {...sortable.listeners}
      >
        <HolderOutlined />
      </button>
      <span className="playlist-item__thumb">
        <ItemThumb kind={item.kind} thumbnail={item.thumbnail} name={item.name} small />
      </span>
      <div className="playlist-item__title">
        <Typography.Text strong ellipsis={{ tooltip: item.name }} dir="auto">
          {item.name}
        </Typography.Text>
        <div>
          <Tag>{t(`kind.${item.kind}`)}</Tag>
          {item.own_duration !== null && !nested ? (
            <bdi className="playlist-item__own">{formatDuration(item.own_duration)}</bdi>
          ) : null}
        </div>
      </div>
      <div className="playlist-item__settings">
        <div className="playlist-item__field">
          <span aria-hidden>{t('item.duration')}</span>
          {nested ? (
            <Tooltip title={t('item.nestedDuration')}>
              <Typography.Text className="playlist-item__fixed">
                {formatDuration(secondsOf(item))}
              </Typography.Text>
            </Tooltip>
          ) : (
            // No minimum here: the input would turn an emptied field into it, and empty means
            // "its own length, or the default".
            <NumberInput
              aria-label={label('item.duration')}
              value={item.duration}
              onChange={(duration) =>
                onChange({
                  duration: duration === null ? null : Math.max(duration, PLAYLIST_ITEM_SECONDS_MIN),
                })
              }
              max={PLAYLIST_ITEM_SECONDS_MAX}
              decimals
              placeholder={String(roundSeconds(secondsOf({ ...item, duration: null })))}
              height={32}
              suffix="s"
            />
          )}
        </div>
        <div className="playlist-item__field">
          <span aria-hidden>{t('item.transition')}</span>
          <Select
            aria-label={label('item.transition')}
            value={item.transition}
            onChange={(transition) => onChange({ transition })}
            options={TRANSITIONS.map((value) => ({ value, label: t(`transition.${value}`) }))}
            popupMatchSelectWidth={false}
          />
        </div>
        {hasFit(item.kind) ? (
          <div className="playlist-item__field">
            <span aria-hidden>{t('item.fit')}</span>
            <Select
              aria-label={label('item.fit')}
              value={item.fit}
              onChange={(fit) => onChange({ fit })}
              options={ITEM_FITS.map((value) => ({ value, label: t(`fit.${value}`) }))}
              popupMatchSelectWidth={false}
            />
          </div>
        ) : (
          <span className="playlist-item__field" />
        )}
        {hasSound(item.kind) ? (
          <div className="playlist-item__field playlist-item__field--switch">
            <span aria-hidden>{t('item.sound')}</span>
            <Switch
              aria-label={label('item.sound')}
              checked={!item.muted}
              onChange={(sound) => onChange({ muted: !sound })}
            />
          </div>
        ) : (
          <span className="playlist-item__field" />
        )}
      </div>
      <Tooltip title={t('item.remove', { name: item.name })}>
        <Button
          type="text"
          danger
          className="playlist-item__remove"
          icon={<DeleteOutlined />}
          aria-label={t('item.remove', { name: item.name })}
          onClick={onRemove}
        />
      </Tooltip>
    </li>
  );
}
