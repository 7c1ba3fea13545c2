import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { type PlaylistDetail, type PlaylistRequest, playlistRequestSchema } from '@vitrine/contract';
import { Alert, Button, Card, Empty, Flex, Form, Skeleton, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { formatDuration } from '../../../lib/format';
import { useLayoutMode } from '../../../lib/layout-mode';
import { notify } from '../../../lib/notify';
import { type PreviewSource, usePlaylist, useSavePlaylist } from '../api';
import { ContentPicker } from '../components/ContentPicker';
import { ItemList } from '../components/ItemList';
import { PlaylistPreview } from '../components/PlaylistPreview';
import { PlaylistSettings, type SettingsValues } from '../components/PlaylistSettings';
import { type DraftItem, draftOfItem, itemsBody, totalSeconds } from '../items';
import '../playlist.css';
import { PLAYLIST_LIST_PATH } from '../paths';
import { useEditorGuard } from '../unsaved';

const NEW: SettingsValues = { name: '', orientation: 0, size: { width: 1920, height: 1080 }, shuffle: false };
const ITEMS = playlistRequestSchema.shape.items;

const settingsOf = (playlist: PlaylistDetail): SettingsValues => ({
  name: playlist.name,
  orientation: playlist.orientation as SettingsValues['orientation'],
  size: { width: playlist.width, height: playlist.height },
  shuffle: playlist.shuffle,
});

const bodyOf = (values: SettingsValues, items: readonly DraftItem[]): PlaylistRequest => ({
  name: values.name?.trim() ?? '',
  orientation: values.orientation,
  width: values.size.width,
  height: values.size.height,
  shuffle: values.shuffle,
  items: itemsBody(items),
});

/** /content/play-list/add and /content/play-list/{id}: the playlist loaded once, then edited. */
export function PlaylistEditorPage() {
  const id = Number(useParams().id ?? 0) || 0;
  const playlist = usePlaylist(id);
  if (id > 0 && playlist.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (id > 0 && !playlist.data) return <ErrorAlert error={playlist.error} />;
  return <PlaylistEditor key={id} id={id} saved={playlist.data ?? null} />;
}

function PlaylistEditor({ id, saved }: { id: number; saved: PlaylistDetail | null }) {
  const { t } = useTranslation(['playlist', 'common', 'contract']);
  const { mobile } = useLayoutMode();
  const navigate = useNavigate();
  const save = useSavePlaylist();
  const [form] = Form.useForm<SettingsValues>();
  const initial = useMemo(() => (saved ? settingsOf(saved) : NEW), [saved]);
  const [items, setItems] = useState<DraftItem[]>(() => saved?.items.map(draftOfItem) ?? []);
  const [itemsError, setItemsError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [picking, setPicking] = useState(false);
  const [previewing, setPreviewing] = useState<PreviewSource | null>(null);
  const [done, setDone] = useState(false);
  const values = Form.useWatch([], form) as SettingsValues | undefined;

  // Unsaved: what a save would send differs from what was loaded.
  const savedBody = useMemo(
    () => JSON.stringify(bodyOf(initial, saved?.items.map(draftOfItem) ?? [])),
    [initial, saved],
  );
  const dirty = !done && JSON.stringify(bodyOf({ ...initial, ...values }, items)) !== savedBody;
  useEditorGuard(dirty);
  useEffect(() => {
    if (done) navigate(PLAYLIST_LIST_PATH);
  }, [done, navigate]);

  const changeItems = (next: DraftItem[]) => {
    setItems(next);
    if (next.length > 0) setItemsError(null);
  };
  const checkItems = () => {
    const result = ITEMS.safeParse(itemsBody(items));
    const message = result.success ? null : t(`contract:${result.error.issues[0]?.message}`);
    setItemsError(message);
    return message === null;
  };

  const submit = async () => {
    setError(null);
    const itemsOk = checkItems();
    const settings = await form.validateFields().catch(() => null);
    if (!settings || !itemsOk) return;
    save.mutate(
      { id: id || undefined, body: bodyOf(settings, items) },
      {
        onSuccess: (playlist) => {
          notify({ type: 'success', title: t('saved', { name: playlist.name }) });
          setDone(true);
        },
        // The form checks what the server checks; a refusal (a loop, a content gone) shows above it.
        onError: setError,
      },
    );
  };

  const total = totalSeconds(items);
  // The preview plays the playlist as it stands, saved or not; only its items matter to it.
  const showPreview = () => {
    const settings = { ...initial, ...form.getFieldsValue() };
    const body = bodyOf(settings, items);
    setPreviewing({ body: { ...body, name: body.name || t('common:route.playlistAdd') } });
  };
  const preview = (
    <Tooltip title={items.length === 0 ? t('preview.needsItems') : undefined}>
      <Button icon={<EyeOutlined />} disabled={items.length === 0} onClick={showPreview}>
        {t('action.previewShort')}
      </Button>
    </Tooltip>
  );

  return (
    <>
      <PageHeader
        title={saved ? saved.name : t('common:route.playlistAdd')}
        extra={
          <>
            {preview}
            <Button onClick={() => navigate(PLAYLIST_LIST_PATH)}>{t('common:cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
              {t('save')}
            </Button>
          </>
        }
      />
      <ErrorAlert error={error} />
      <div className={mobile ? 'playlist-editor playlist-editor--mobile' : 'playlist-editor'}>
        <Card title={t('section.settings')} size="small">
          <Form<SettingsValues> form={form} layout="vertical" initialValues={initial} requiredMark={false}>
            <PlaylistSettings form={form} />
          </Form>
        </Card>
        <Card
          size="small"
          title={
            <Flex wrap gap="small" align="baseline">
              <span>{t('section.items')}</span>
              <Typography.Text type="secondary" className="playlist-editor__total">
                {t('items.summary', { count: items.length, duration: formatDuration(total) })}
              </Typography.Text>
            </Flex>
          }
          extra={
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setPicking(true)}>
              {t('action.addContent')}
            </Button>
          }
        >
          {itemsError ? (
            <Alert type="error" showIcon title={itemsError} role="alert" className="playlist-editor__alert" />
          ) : null}
          {items.length === 0 ? (
            <Empty description={t('items.empty')}>
              <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
                {t('action.addContent')}
              </Button>
            </Empty>
          ) : (
            <ItemList items={items} onChange={changeItems} />
          )}
        </Card>
      </div>
      <ContentPicker
        open={picking}
        playlistId={id}
        onClose={() => setPicking(false)}
        onAdd={(added) => changeItems([...items, ...added])}
      />
      <PlaylistPreview
        source={previewing}
        title={previewing && 'body' in previewing ? previewing.body.name : ''}
        onClose={() => setPreviewing(null)}
      />
    </>
  );
}
