import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditorAction } from '../editor-state';
import { type CompositionDraft, KIND_COLORS } from '../model';
import { KindIcon } from './KindIcon';

type Props = { draft: CompositionDraft; selected: string | null; dispatch: (action: EditorAction) => void };

/** The zones as layers, the top one first; choosing one selects it on the canvas. */
export function LayersPanel({ draft, selected, dispatch }: Props) {
  const { t } = useTranslation('composition');
  if (draft.zones.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('editor.noZones')} />;
  }
  return (
    <ul className="composition-layers" aria-label={t('editor.layers')}>
      {[...draft.zones].reverse().map((zone) => (
        <li key={zone.key}>
          <button
            type="button"
            className={`composition-layer${zone.key === selected ? ' composition-layer--selected' : ''}`}
            aria-pressed={zone.key === selected}
            onClick={() => dispatch({ type: 'select', key: zone.key })}
          >
            <span className="composition-layer__swatch" style={{ background: KIND_COLORS[zone.kind] }}>
              <KindIcon kind={zone.kind} />
            </span>
            <span className="composition-layer__text">
              <Typography.Text ellipsis dir="auto">
                {zone.name || t(`kind.${zone.kind}`)}
              </Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }} dir="auto">
                {zone.source_name ?? t(`kind.${zone.kind}`)}
              </Typography.Text>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
