import {
  ITEM_FITS,
  PLAYLIST_ITEM_SECONDS_MAX,
  PLAYLIST_ITEM_SECONDS_MIN,
  TRANSITIONS,
} from '@vitrine/contract';
import { Select, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/NumberInput';
import { formatDuration } from '../../../lib/format';
import { type DraftItem, hasFit, hasSound, secondsOf } from '../items';
import { SortableRow } from './SortableItems';

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
  const nested = item.source === 'playlist';
  const label = (key: string) => `${t(key)} · ${item.name}`;

  return (
    <SortableRow
      item={item}
      kind={item.kind}
      testId="playlist-item"
      dragLabel={t('item.drag', { name: item.name, position })}
      removeLabel={t('item.remove', { name: item.name })}
      onRemove={onRemove}
      note={
        item.own_duration !== null && !nested ? (
          <bdi className="playlist-item__own">{formatDuration(item.own_duration)}</bdi>
        ) : null
      }
    >
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
              suffix={t('item.secondsUnit')}
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
    </SortableRow>
  );
}
