import { COMPOSITION_ZONE_MIN, type ZoneRect } from '@vitrine/contract';
import { type CSSProperties, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Rnd } from 'react-rnd';
import type { EditorAction } from '../editor-state';
import { type CompositionDraft, KIND_COLORS } from '../model';
import { KindIcon } from './KindIcon';

type Props = {
  draft: CompositionDraft;
  selected: string | null;
  dispatch: (action: EditorAction) => void;
};

/** What the canvas is scaled to when its box cannot be measured (no layout, as in tests). */
const FALLBACK_BOX = { width: 800, height: 450 };
/** Room kept around the canvas inside its box. */
const MARGIN = 16;

/** The scale at which the canvas fits its box, re-measured as the box resizes. */
function useFitScale(canvas: { width: number; height: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(FALLBACK_BOX);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      if (width > 0 && height > 0) setSize({ width, height });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = Math.min(
    (size.width - 2 * MARGIN) / canvas.width,
    (size.height - 2 * MARGIN) / canvas.height,
  );
  return { box, scale: Math.max(scale, 0.01) };
}

/**
 * The composition's canvas scaled to fit, each zone dragged and resized in place (react-rnd) and
 * kept inside the canvas. Positions are screen pixels, left to right in every language. A drag or a
 * resize shows as it goes and is one step of the history when it ends.
 */
export function EditorCanvas({ draft, selected, dispatch }: Props) {
  const { t } = useTranslation('composition');
  const { box, scale } = useFitScale(draft);
  const toCanvas = (rect: ZoneRect): ZoneRect => ({
    x: rect.x / scale,
    y: rect.y / scale,
    width: rect.width / scale,
    height: rect.height / scale,
  });
  const background: CSSProperties = {
    width: draft.width * scale,
    height: draft.height * scale,
    backgroundColor: draft.background_color === 'transparent' ? '#000' : draft.background_color,
    backgroundImage: draft.background_url ? `url("${draft.background_url}")` : undefined,
  };

  return (
    <div className="composition-stage" ref={box} dir="ltr">
      <section
        className="composition-canvas"
        style={background}
        aria-label={t('editor.canvas', { width: draft.width, height: draft.height })}
        data-testid="composition-canvas"
        onMouseDown={(event) => {
          if (event.target === event.currentTarget) dispatch({ type: 'select', key: null });
        }}
      >
        {draft.zones.map((zone) => {
          const on = zone.key === selected;
          const color = KIND_COLORS[zone.kind];
          return (
            <Rnd
              key={zone.key}
              className={`composition-zone${on ? ' composition-zone--selected' : ''}`}
              style={{ '--zone-color': color, zIndex: zone.position + 1 } as CSSProperties}
              bounds="parent"
              position={{ x: zone.x * scale, y: zone.y * scale }}
              size={{ width: zone.width * scale, height: zone.height * scale }}
              minWidth={COMPOSITION_ZONE_MIN * scale}
              minHeight={COMPOSITION_ZONE_MIN * scale}
              enableResizing={on}
              resizeHandleWrapperClass="composition-zone__handles"
              onMouseDown={() => dispatch({ type: 'select', key: zone.key })}
              onDrag={(_event, data) =>
                dispatch({
                  type: 'rect',
                  key: zone.key,
                  rect: {
                    ...zone,
                    ...toCanvas({ x: data.x, y: data.y, width: 0, height: 0 }),
                    width: zone.width,
                    height: zone.height,
                  },
                  transient: true,
                })
              }
              onDragStop={() => dispatch({ type: 'gestureEnd' })}
              onResize={(_event, _direction, element, _delta, position) =>
                dispatch({
                  type: 'rect',
                  key: zone.key,
                  rect: toCanvas({
                    x: position.x,
                    y: position.y,
                    width: element.offsetWidth,
                    height: element.offsetHeight,
                  }),
                  transient: true,
                })
              }
              onResizeStop={() => dispatch({ type: 'gestureEnd' })}
              data-testid={`zone-${zone.name}`}
              aria-label={t('editor.zoneLabel', { name: zone.name, kind: t(`kind.${zone.kind}`) })}
              role="button"
              aria-pressed={on}
            >
              <div
                className="composition-zone__body"
                style={{
                  backgroundColor:
                    zone.background_color === 'transparent' ? undefined : zone.background_color,
                }}
              >
                <span className="composition-zone__label" dir="auto">
                  <KindIcon kind={zone.kind} /> {zone.name}
                </span>
                {zone.source_name ? (
                  <span className="composition-zone__source" dir="auto">
                    {zone.source_name}
                  </span>
                ) : null}
              </div>
            </Rnd>
          );
        })}
      </section>
    </div>
  );
}
