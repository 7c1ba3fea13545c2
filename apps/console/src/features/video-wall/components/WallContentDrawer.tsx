import {
  ContentType,
  ITEM_FITS,
  type ItemFit,
  type VideoWallContentItem,
  type VideoWallContentRequest,
  type VideoWallItem,
  videoWallContentRequestSchema,
} from '@vitrine/contract';
import { Form, Input, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemDrawerProps } from '../../../components/ItemDrawer';
import { ItemSaveDrawer } from '../../../components/SaveDrawer';
import { useRules } from '../../../lib/form-rules';
import { useContentList } from '../../content/api';
import { usePlaylistList } from '../../playlist/api';
import { useSaveWallContent } from '../api';
import { WallPreview } from './WallPreview';

/** What the content is made of: an image or a video of the library, or a playlist of them. */
const SOURCE_KINDS = ['image', 'video', 'playlist'] as const;
type SourceKind = (typeof SOURCE_KINDS)[number];
/** As many choices as a select shows at once; typing narrows them on the server. */
const CHOICES = 50;

type Values = { name: string; wall_id?: number; source?: number; fit: ItemFit };

type Props = ItemDrawerProps<VideoWallContentItem> & { walls: readonly VideoWallItem[] };

const FORM_ID = 'videoWallContentForm';
const shape = videoWallContentRequestSchema.shape;

const kindOf = (item: VideoWallContentItem | null): SourceKind => {
  if (item?.playlist_id) return 'playlist';
  return item?.content_type === ContentType.video ? 'video' : 'image';
};

function WallContentForm({
  item,
  walls,
  onSubmit,
}: {
  item: VideoWallContentItem | null;
  walls: readonly VideoWallItem[];
  onSubmit: (body: VideoWallContentRequest) => void;
}) {
  const { t } = useTranslation('video-wall');
  const rules = useRules();
  const [form] = Form.useForm<Values>();
  const [kind, setKind] = useState<SourceKind>(kindOf(item));
  const [keyword, setKeyword] = useState<string>();
  const initial: Values = {
    name: item?.name ?? '',
    wall_id: item?.wall_id,
    source: (item?.playlist_id ?? item?.content_id) || undefined,
    fit: item?.fit ?? 'cover',
  };
  const watched = (Form.useWatch([], form) as Partial<Values> | undefined) ?? initial;
  const query = { page_size: CHOICES, keyword };
  const media = useContentList({
    ...query,
    type: kind === 'video' ? ContentType.video : ContentType.image,
  });
  const lists = usePlaylistList(query, kind === 'playlist');
  const options =
    kind === 'playlist'
      ? (lists.data?.list ?? []).map((list) => ({
          value: list.id,
          label: list.name,
          picture: list.thumbnail,
        }))
      : (media.data?.list ?? [])
          .filter((content) => content.state === 'ready')
          .map((content) => ({ value: content.id, label: content.name, picture: content.thumbnail }));
  // The item's own source stays named while the choices are another page.
  if (
    item &&
    initial.source &&
    !options.some((option) => option.value === initial.source) &&
    kind === kindOf(item)
  ) {
    options.unshift({
      value: initial.source,
      label: item.playlist_name ?? item.content_name ?? '',
      picture: item.thumbnail_url,
    });
  }
  const wall = walls.find((candidate) => candidate.id === watched.wall_id);
  const picture = options.find((option) => option.value === watched.source)?.picture;

  const submit = (values: Values) =>
    onSubmit({
      name: values.name.trim(),
      wall_id: values.wall_id as number,
      content_id: kind === 'playlist' ? null : (values.source ?? null),
      playlist_id: kind === 'playlist' ? (values.source ?? null) : null,
      fit: values.fit,
    });

  return (
    <Form<Values> id={FORM_ID} form={form} layout="vertical" onFinish={submit} initialValues={initial}>
      <Form.Item name="name" label={t('field.name')} rules={[rules.zod(shape.name)]}>
        <Input autoComplete="off" dir="auto" />
      </Form.Item>
      <Form.Item
        name="wall_id"
        label={t('content.wall')}
        rules={[{ required: true, message: t('content.chooseWall') }]}
      >
        <Select<number>
          showSearch
          optionFilterProp="label"
          placeholder={t('content.chooseWall')}
          options={walls.map((candidate) => ({
            value: candidate.id,
            label: `${candidate.name} (${candidate.rows} × ${candidate.columns})`,
          }))}
        />
      </Form.Item>
      <Form.Item label={t('content.sourceKind')}>
        <Segmented<SourceKind>
          value={kind}
          onChange={(value) => {
            setKind(value);
            setKeyword(undefined);
            form.setFieldValue('source', undefined);
          }}
          options={SOURCE_KINDS.map((value) => ({ value, label: t(`content.kind.${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="source"
        label={t('content.source')}
        rules={[{ required: true, message: t('content.chooseSource') }]}
      >
        <Select<number>
          showSearch
          filterOption={false}
          onSearch={(value) => setKeyword(value || undefined)}
          placeholder={t('content.chooseSource')}
          loading={kind === 'playlist' ? lists.isFetching : media.isFetching}
          options={options.map(({ value, label }) => ({ value, label }))}
        />
      </Form.Item>
      <Form.Item name="fit" label={t('content.fit')} extra={t('content.fitHelp')}>
        <Segmented<ItemFit> options={ITEM_FITS.map((value) => ({ value, label: t(`fit.${value}`) }))} />
      </Form.Item>
      {wall ? (
        <Form.Item label={t('section.preview')}>
          <WallPreview screen={wall} picture={picture ?? null} fit={watched.fit ?? 'cover'} />
        </Form.Item>
      ) : null}
    </Form>
  );
}

/** Adds or changes wall content, showing how it falls across the chosen wall's screens. */
export function WallContentDrawer({ item, walls, ...props }: Props) {
  const { t } = useTranslation('video-wall');
  const save = useSaveWallContent();
  return (
    <ItemSaveDrawer
      {...props}
      item={item}
      title={t(item ? 'content.edit' : 'content.add')}
      formId={FORM_ID}
      save={save}
      savedText={t('content.saved')}
    >
      {(submit) => <WallContentForm item={item} walls={walls} onSubmit={submit} />}
    </ItemSaveDrawer>
  );
}
