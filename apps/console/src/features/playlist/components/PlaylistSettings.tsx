import {
  CANVAS_ORIENTATIONS,
  CANVAS_SIDE_MAX,
  CANVAS_SIDE_MIN,
  type CanvasOrientation,
  type CanvasSize,
  orientationFits,
  playlistRequestSchema,
  resolutionsFor,
} from '@vitrine/contract';
import { Flex, Form, type FormInstance, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/NumberInput';
import { useRules } from '../../../lib/form-rules';

export type SettingsValues = {
  name: string;
  orientation: CanvasOrientation;
  size: CanvasSize;
  shuffle: boolean;
};

const shape = playlistRequestSchema.shape;
const SIZE = playlistRequestSchema.pick({ width: true, height: true });
const CUSTOM = 'custom';
const keyOf = (size: CanvasSize) => `${size.width}x${size.height}`;

type SizeProps = {
  id?: string;
  value?: CanvasSize;
  onChange?: (size: CanvasSize) => void;
  orientation: CanvasOrientation;
};

/** A common resolution of the orientation, or any other typed in. */
function ResolutionField({ id, value, onChange, orientation }: SizeProps) {
  const { t } = useTranslation('playlist');
  const common = resolutionsFor(orientation);
  const size = value ?? common[0];
  const chosen = common.some((option) => keyOf(option) === keyOf(size)) ? keyOf(size) : CUSTOM;
  const side = (name: keyof CanvasSize) => (
    <NumberInput
      aria-label={t(`field.${name}`)}
      value={size[name]}
      onChange={(next) => onChange?.({ ...size, [name]: next ?? 0 })}
      min={CANVAS_SIDE_MIN}
      max={CANVAS_SIDE_MAX}
      height={32}
      suffix="px"
    />
  );
  return (
    <Flex vertical gap="small">
      <Select
        id={id}
        value={chosen}
        onChange={(key) => {
          const preset = common.find((option) => keyOf(option) === key);
          if (preset) onChange?.(preset);
          else onChange?.({ ...size });
        }}
        options={[
          ...common.map((option) => ({ value: keyOf(option), label: `${option.width} × ${option.height}` })),
          { value: CUSTOM, label: t('field.customResolution') },
        ]}
      />
      {chosen === CUSTOM ? (
        <Flex gap="small" align="center" className="playlist-size">
          {side('width')}
          <span aria-hidden>×</span>
          {side('height')}
        </Flex>
      ) : null}
    </Flex>
  );
}

/** A playlist's name, orientation, resolution and shuffle, checked with the contract's rules. */
export function PlaylistSettings({ form }: { form: FormInstance<SettingsValues> }) {
  const { t } = useTranslation('playlist');
  const rules = useRules();
  const orientation = (Form.useWatch('orientation', form) ?? 0) as CanvasOrientation;

  // A landscape size on a portrait screen (or the reverse) turns with it.
  const turn = (next: CanvasOrientation) => {
    const size = form.getFieldValue('size') as CanvasSize;
    if (!orientationFits(size, next)) form.setFieldValue('size', { width: size.height, height: size.width });
  };
  return (
    <>
      <Form.Item name="name" label={t('field.name')} rules={[rules.zod(shape.name)]}>
        <Input autoComplete="off" dir="auto" />
      </Form.Item>
      <Form.Item name="orientation" label={t('field.orientation')}>
        <Select
          onChange={turn}
          options={CANVAS_ORIENTATIONS.map((value) => ({ value, label: t(`orientation.${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="size"
        label={t('field.resolution')}
        extra={t('help.resolution')}
        rules={[rules.zod(SIZE)]}
      >
        <ResolutionField orientation={orientation} />
      </Form.Item>
      <Form.Item name="shuffle" label={t('field.shuffle')} extra={t('help.shuffle')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
