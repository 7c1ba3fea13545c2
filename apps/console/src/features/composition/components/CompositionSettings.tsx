import {
  CANVAS_ORIENTATIONS,
  CANVAS_SIDE_MAX,
  CANVAS_SIDE_MIN,
  type CanvasOrientation,
  COMPOSITION_DURATION_MAX,
  COMPOSITION_DURATION_MIN,
  resolutionsFor,
} from '@vitrine/contract';
import { Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/ColorField';
import type { EditorAction } from '../editor-state';
import type { CompositionDraft } from '../model';
import { BackgroundChooser } from './SourcePicker';
import { CommitNumber } from './ZonePanel';

type Props = {
  draft: CompositionDraft;
  dispatch: (action: EditorAction) => void;
  /** The name's refusal (a contract message key) once a save was tried or the name was left. */
  nameError: string | null;
};

const sizeKey = (size: { width: number; height: number }) => `${size.width}x${size.height}`;

/** The whole composition: name, canvas, background and how long one pass lasts. */
export function CompositionSettings({ draft, dispatch, nameError }: Props) {
  const { t } = useTranslation(['composition', 'contract']);
  const common = resolutionsFor(draft.orientation);
  const current = sizeKey(draft);
  const custom = !common.some((size) => sizeKey(size) === current);
  return (
    <Form layout="vertical" size="small" component="div">
      <Form.Item
        label={t('field.name')}
        htmlFor="composition-name"
        required
        validateStatus={nameError ? 'error' : undefined}
        help={nameError ? t(`contract:${nameError}`) : undefined}
      >
        <Input
          id="composition-name"
          value={draft.name}
          dir="auto"
          autoComplete="off"
          onChange={(event) =>
            dispatch({ type: 'composition', patch: { name: event.target.value }, merge: 'name' })
          }
        />
      </Form.Item>
      <Form.Item label={t('field.orientation')} htmlFor="composition-orientation">
        <Select
          id="composition-orientation"
          value={draft.orientation}
          options={CANVAS_ORIENTATIONS.map((value) => ({ value, label: t(`orientation.${value}`) }))}
          onChange={(orientation: CanvasOrientation) => dispatch({ type: 'orientation', orientation })}
        />
      </Form.Item>
      <Form.Item label={t('field.resolution')} htmlFor="composition-resolution">
        <Select
          id="composition-resolution"
          value={custom ? 'custom' : current}
          options={[
            ...common.map((size) => ({ value: sizeKey(size), label: `${size.width} × ${size.height}` })),
            { value: 'custom', label: t('create.custom') },
          ]}
          onChange={(value: string) => {
            const size = common.find((candidate) => sizeKey(candidate) === value);
            if (size) dispatch({ type: 'canvas', size });
          }}
        />
      </Form.Item>
      {custom ? (
        <Flex gap="small">
          {(['width', 'height'] as const).map((side) => (
            <Form.Item
              key={side}
              label={t(`field.${side}`)}
              htmlFor={`composition-${side}`}
              style={{ flex: 1 }}
            >
              <CommitNumber
                id={`composition-${side}`}
                value={draft[side]}
                min={CANVAS_SIDE_MIN}
                max={CANVAS_SIDE_MAX}
                height={32}
                suffix="px"
                onCommit={(value) =>
                  dispatch({ type: 'canvas', size: { ...draft, [side]: value ?? CANVAS_SIDE_MIN } })
                }
              />
            </Form.Item>
          ))}
        </Flex>
      ) : null}
      <Form.Item label={t('field.duration')} htmlFor="composition-duration" extra={t('help.duration')}>
        <CommitNumber
          id="composition-duration"
          value={draft.duration}
          min={COMPOSITION_DURATION_MIN}
          max={COMPOSITION_DURATION_MAX}
          height={32}
          suffix={t('seconds')}
          onCommit={(duration) =>
            dispatch({ type: 'composition', patch: { duration: duration ?? COMPOSITION_DURATION_MIN } })
          }
        />
      </Form.Item>
      <Form.Item label={t('field.backgroundColor')}>
        <ColorField
          value={draft.background_color}
          transparentLabel={t('transparent')}
          onChange={(background_color) =>
            dispatch({ type: 'composition', patch: { background_color }, merge: 'background' })
          }
        />
      </Form.Item>
      <Form.Item label={t('field.backgroundImage')} htmlFor="composition-background">
        <BackgroundChooser
          id="composition-background"
          placeholder={t('field.noBackgroundImage')}
          value={
            draft.background_content_id === null
              ? null
              : { id: draft.background_content_id, name: draft.background_name ?? '' }
          }
          onChange={(image) =>
            dispatch({
              type: 'composition',
              patch: {
                background_content_id: image?.id ?? null,
                background_name: image?.name ?? null,
                background_url: image?.picture ?? null,
              },
            })
          }
        />
      </Form.Item>
    </Form>
  );
}
