import {
  CLOCK_FONT_SIZE_MAX,
  CLOCK_FONT_SIZE_MIN,
  CLOCK_FORMATS,
  COMPOSITION_DURATION_MAX,
  COMPOSITION_DURATION_MIN,
  COMPOSITION_ZONE_MIN,
  ITEM_FITS,
  nameSchema,
} from '@vitrine/contract';
import { Form, Input, Segmented, Switch } from 'antd';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/ColorField';
import { NumberInput, type NumberInputProps } from '../../../components/NumberInput';
import type { EditorAction } from '../editor-state';
import type { CompositionDraft, ZoneDraft } from '../model';
import { FontChooser, SourcePicker } from './SourcePicker';

type Props = { zone: ZoneDraft; draft: CompositionDraft; dispatch: (action: EditorAction) => void };

/**
 * A number that takes effect when the field is left or Enter is pressed, so typing "1200" does not
 * pass through a one-pixel zone; a value changed elsewhere (a drag) replaces what is shown.
 */
export function CommitNumber({
  value,
  onCommit,
  ...rest
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onCommit: (value: number | null) => void;
}) {
  const [text, setText] = useState<number | null>(value);
  useEffect(() => setText(value), [value]);
  const commit = (next: number | null) => {
    if (next !== value) onCommit(next);
  };
  return (
    <NumberInput
      {...rest}
      value={text}
      onChange={setText}
      onBlur={() => commit(text)}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
    />
  );
}

const GEOMETRY = ['x', 'y', 'width', 'height'] as const;

/** Where a zone is, exactly: the same rules as dragging (inside the canvas, the minimum size). */
function GeometryFields({ zone, draft, dispatch }: Props) {
  const { t } = useTranslation('composition');
  const max = {
    x: draft.width - COMPOSITION_ZONE_MIN,
    y: draft.height - COMPOSITION_ZONE_MIN,
    width: draft.width,
    height: draft.height,
  };
  const min = { x: 0, y: 0, width: COMPOSITION_ZONE_MIN, height: COMPOSITION_ZONE_MIN };
  return (
    <div className="composition-geometry">
      {GEOMETRY.map((field) => (
        <Form.Item key={field} label={t(`zone.${field}`)} htmlFor={`zone-${field}`}>
          <CommitNumber
            id={`zone-${field}`}
            value={zone[field]}
            min={min[field]}
            max={max[field]}
            height={32}
            suffix="px"
            onCommit={(value) =>
              dispatch({ type: 'rect', key: zone.key, rect: { ...zone, [field]: value ?? min[field] } })
            }
          />
        </Form.Item>
      ))}
    </div>
  );
}

/** How a picture fills its zone, for media and stickers. */
function FitField({ zone, dispatch }: Omit<Props, 'draft'>) {
  const { t } = useTranslation('composition');
  return (
    <Form.Item label={t('zone.fit')}>
      <Segmented
        block
        value={zone.settings.fit as string}
        options={ITEM_FITS.map((value) => ({ value, label: t(`fit.${value}`) }))}
        onChange={(fit) =>
          dispatch({ type: 'zone', key: zone.key, patch: { settings: { ...zone.settings, fit } } })
        }
      />
    </Form.Item>
  );
}

function ClockFields({ zone, dispatch }: Omit<Props, 'draft'>) {
  const { t } = useTranslation('composition');
  const set = (patch: ZoneDraft['settings'], merge?: string) =>
    dispatch({ type: 'zone', key: zone.key, patch: { settings: { ...zone.settings, ...patch } }, merge });
  return (
    <>
      <Form.Item label={t('zone.clockFormat')}>
        <Segmented
          block
          value={zone.settings.format as string}
          options={CLOCK_FORMATS.map((value) => ({ value, label: t(`clockFormat.${value}`) }))}
          onChange={(format) => set({ format })}
        />
      </Form.Item>
      <Form.Item label={t('zone.font')} htmlFor="zone-font">
        <FontChooser
          id="zone-font"
          placeholder={t('zone.defaultFont')}
          value={zone.source === null ? null : { id: zone.source, name: zone.source_name ?? '' }}
          onChange={(font) =>
            dispatch({
              type: 'zone',
              key: zone.key,
              patch: { source: font?.id ?? null, source_name: font?.name ?? null },
            })
          }
        />
      </Form.Item>
      <Form.Item label={t('zone.fontSize')} htmlFor="zone-font-size">
        <CommitNumber
          id="zone-font-size"
          value={zone.settings.font_size as number}
          min={CLOCK_FONT_SIZE_MIN}
          max={CLOCK_FONT_SIZE_MAX}
          height={32}
          suffix="px"
          onCommit={(font_size) => set({ font_size: font_size ?? CLOCK_FONT_SIZE_MIN })}
        />
      </Form.Item>
      <Form.Item label={t('zone.color')}>
        <ColorField value={zone.settings.color as string} onChange={(color) => set({ color }, 'color')} />
      </Form.Item>
    </>
  );
}

function MediaFields({ zone, dispatch }: Omit<Props, 'draft'>) {
  const { t } = useTranslation('composition');
  const set = (patch: ZoneDraft['settings']) =>
    dispatch({ type: 'zone', key: zone.key, patch: { settings: { ...zone.settings, ...patch } } });
  return (
    <>
      <FitField zone={zone} dispatch={dispatch} />
      <Form.Item label={t('zone.muted')}>
        <Switch
          checked={zone.settings.muted === true}
          aria-label={t('zone.muted')}
          onChange={(muted) => set({ muted })}
        />
      </Form.Item>
      <Form.Item label={t('zone.duration')} htmlFor="zone-duration" extra={t('zone.durationHelp')}>
        <CommitNumber
          id="zone-duration"
          value={(zone.settings.duration as number | null) ?? null}
          min={COMPOSITION_DURATION_MIN}
          max={COMPOSITION_DURATION_MAX}
          height={32}
          suffix={t('seconds')}
          placeholder={t('zone.wholePass')}
          onCommit={(duration) => set({ duration })}
        />
      </Form.Item>
    </>
  );
}

/** The selected zone's fields: name, place and size, what it shows and how, and its background. */
export function ZonePanel({ zone, draft, dispatch }: Props) {
  const { t } = useTranslation(['composition', 'contract']);
  const name = nameSchema.safeParse(zone.name);
  return (
    <Form layout="vertical" size="small" className="composition-zone-form" component="div">
      <Form.Item
        label={t('zone.name')}
        htmlFor="zone-name"
        validateStatus={name.success ? undefined : 'error'}
        help={name.success ? undefined : t(`contract:${name.error.issues[0].message}`)}
      >
        <Input
          id="zone-name"
          value={zone.name}
          dir="auto"
          autoComplete="off"
          onChange={(event) =>
            dispatch({ type: 'zone', key: zone.key, patch: { name: event.target.value }, merge: 'name' })
          }
        />
      </Form.Item>
      <GeometryFields zone={zone} draft={draft} dispatch={dispatch} />
      {zone.kind === 'clock' ? (
        <ClockFields zone={zone} dispatch={dispatch} />
      ) : (
        <Form.Item label={t(`source.${zone.kind}`)} htmlFor="zone-source">
          <SourcePicker
            key={zone.key}
            id="zone-source"
            kind={zone.kind}
            placeholder={t('source.choose')}
            value={zone.source === null ? null : { id: zone.source, name: zone.source_name ?? '' }}
            onChange={(source) =>
              dispatch({
                type: 'zone',
                key: zone.key,
                patch: { source: source?.id ?? null, source_name: source?.name ?? null },
              })
            }
          />
        </Form.Item>
      )}
      {zone.kind === 'media' ? <MediaFields zone={zone} dispatch={dispatch} /> : null}
      {zone.kind === 'sticker' ? <FitField zone={zone} dispatch={dispatch} /> : null}
      <Form.Item label={t('zone.background')}>
        <ColorField
          value={zone.background_color}
          transparentLabel={t('transparent')}
          onChange={(background_color) =>
            dispatch({ type: 'zone', key: zone.key, patch: { background_color }, merge: 'background' })
          }
        />
      </Form.Item>
    </Form>
  );
}
