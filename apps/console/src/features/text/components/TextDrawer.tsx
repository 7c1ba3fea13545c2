import {
  MAX_TEXT_LENGTH,
  TEXT_DEFAULTS,
  TEXT_DIRECTIONS,
  TEXT_POSITIONS,
  type TextItem,
  type TextRequest,
  textRequestSchema,
} from '@vitrine/contract';
import { Flex, Form, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/ColorField';
import type { ItemDrawerProps } from '../../../components/ItemDrawer';
import { NumberInput } from '../../../components/NumberInput';
import { ItemSaveDrawer } from '../../../components/SaveDrawer';
import { useRules } from '../../../lib/form-rules';
import { fontStack, useFontList } from '../../font/api';
import { useSaveText } from '../api';
import { type MarqueeLook, MarqueePreview } from './MarqueePreview';

/** The fields once the form's rules passed (while typing, speed and size may be empty). */
type Values = MarqueeLook & { title: string; font_id?: number | null };
/** Every font a text may use, on one page. */
const ALL_FONTS = { page_size: 200, sort: 'name,asc' } as const;

const FORM_ID = 'contentTextForm';
const shape = textRequestSchema.shape;
const SPEED = shape.speed.unwrap();
const FONT_SIZE = shape.font_size.unwrap();

type FormProps = { item: TextItem | null; onSubmit: (values: Values) => void };

/** The fields and the live preview, with a form of their own each time the drawer opens. */
function TextForm({ item, onSubmit }: FormProps) {
  const { t } = useTranslation('text');
  const rules = useRules();
  const [form] = Form.useForm<Values>();
  const initial: Values = item
    ? { ...item, font_id: item.font_id ?? undefined }
    : { ...TEXT_DEFAULTS, title: '', content: '' };
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const fonts = useFontList(ALL_FONTS).data?.list;
  const fontId = watched ? watched.font_id : initial.font_id;
  const font = fonts?.find((candidate) => candidate.id === fontId);
  const look: MarqueeLook = {
    content: watched?.content || t('preview.placeholder'),
    position: watched?.position ?? initial.position,
    direction: watched?.direction ?? initial.direction,
    speed: SPEED.safeParse(watched?.speed).success ? (watched?.speed as number) : TEXT_DEFAULTS.speed,
    font_size: FONT_SIZE.safeParse(watched?.font_size).success
      ? (watched?.font_size as number)
      : TEXT_DEFAULTS.font_size,
    color: watched?.color ?? initial.color,
    background_color: watched?.background_color ?? initial.background_color,
    font_family: font?.family ?? null,
    font_url: font?.url ?? null,
  };
  return (
    <Form<Values> id={FORM_ID} form={form} layout="vertical" onFinish={onSubmit} initialValues={initial}>
      <Form.Item label={t('preview.title')}>
        <MarqueePreview text={look} label={t('preview.label', { content: look.content })} />
      </Form.Item>
      <Form.Item name="title" label={t('field.title')} rules={[rules.zod(shape.title)]}>
        <Input autoComplete="off" dir="auto" />
      </Form.Item>
      <Form.Item name="content" label={t('field.content')} rules={[rules.zod(shape.content)]}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          showCount
          maxLength={MAX_TEXT_LENGTH}
          dir="auto"
        />
      </Form.Item>
      <Form.Item name="position" label={t('field.position')}>
        <Segmented
          block
          options={TEXT_POSITIONS.map((value) => ({ value, label: t(`position.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="font_id" label={t('field.font')}>
        <Select
          allowClear
          placeholder={t('defaultFont')}
          options={(fonts ?? []).map((option) => ({
            value: option.id,
            label: <span style={{ fontFamily: fontStack(option.family) }}>{option.name}</span>,
            title: option.name,
          }))}
        />
      </Form.Item>
      <Form.Item name="direction" label={t('field.direction')}>
        <Select options={TEXT_DIRECTIONS.map((value) => ({ value, label: t(`direction.${value}`) }))} />
      </Form.Item>
      <Flex gap="middle">
        <Form.Item
          name="speed"
          label={t('field.speed')}
          extra={t('help.speed')}
          rules={[rules.zod(SPEED)]}
          style={{ flex: 1 }}
        >
          <NumberInput min={SPEED.minValue ?? 1} max={SPEED.maxValue ?? undefined} />
        </Form.Item>
        <Form.Item
          name="font_size"
          label={t('field.fontSize')}
          rules={[rules.zod(FONT_SIZE)]}
          style={{ flex: 1 }}
        >
          <NumberInput min={FONT_SIZE.minValue ?? 1} max={FONT_SIZE.maxValue ?? undefined} suffix="px" />
        </Form.Item>
      </Flex>
      <Form.Item name="color" label={t('field.color')}>
        <ColorField />
      </Form.Item>
      <Form.Item name="background_color" label={t('field.background')}>
        <ColorField transparentLabel={t('field.transparent')} />
      </Form.Item>
    </Form>
  );
}

/**
 * Adds or edits a text message, showing how it runs on a screen as it is typed. The form checks
 * what the server checks: a refusal is shown above it.
 */
export function TextDrawer({ item, ...props }: ItemDrawerProps<TextItem>) {
  const { t } = useTranslation('text');
  const save = useSaveText();

  const toBody = (values: Values): TextRequest => ({
    title: values.title.trim(),
    content: values.content.trim(),
    position: values.position,
    direction: values.direction,
    speed: values.speed,
    font_size: values.font_size,
    color: values.color,
    background_color: values.background_color,
    font_id: values.font_id ?? null,
  });

  return (
    <ItemSaveDrawer
      {...props}
      item={item}
      title={t(item ? 'edit' : 'add')}
      formId={FORM_ID}
      save={save}
      savedText={t('saved')}
    >
      {(submit) => <TextForm item={item} onSubmit={(values) => submit(toBody(values))} />}
    </ItemSaveDrawer>
  );
}
