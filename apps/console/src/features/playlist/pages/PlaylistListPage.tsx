import { AppstoreOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { CANVAS_ORIENTATIONS, PLAYLIST_SORT_COLUMNS, type PlaylistSummary } from '@vitrine/contract';
import { Button, Empty, Flex, Segmented, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDelete } from '../../../components/confirm';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { PageHeader } from '../../../components/PageHeader';
import { SearchSelect } from '../../../components/SearchSelect';
import { useLayoutMode } from '../../../lib/layout-mode';
import { useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permissions';
import type { LibraryView } from '../../content/api';
import { useLayoutChoice } from '../../content/api';
import { deleteOfferingDetach } from '../../content/ui';
import { useCopyPlaylist, useDeletePlaylists, usePlaylistList } from '../api';
import { PlaylistPreview } from '../components/PlaylistPreview';
import { type PlaylistActions, PlaylistGrid, PlaylistTable } from '../components/PlaylistViews';
import '../playlist.css';
import { PLAYLIST_ADD_PATH, playlistPath } from '../paths';

const FILTERS = ['orientation'] as const;
const DIRECTIONS = ['asc', 'desc'] as const;
const isSortable = (sort: string | undefined) =>
  (PLAYLIST_SORT_COLUMNS as readonly string[]).includes(sort?.split(',')[0] ?? '');

/** /content/play-list: playlists as cards or a table, searched, filtered, sorted and paged in the address. */
export function PlaylistListPage() {
  const { t } = useTranslation(['playlist', 'common', 'content']);
  const { mobile } = useLayoutMode();
  const navigate = useNavigate();
  const { view, query: raw, update } = useListView(FILTERS);
  const query = useMemo(() => ({ ...raw, sort: isSortable(raw.sort) ? raw.sort : undefined }), [raw]);
  const list = usePlaylistList(query);
  const remove = useDeletePlaylists();
  const copy = useCopyPlaylist();
  const [layout, setLayout] = useLayoutChoice();
  const [selected, setSelected] = useState<Key[]>([]);
  const [previewing, setPreviewing] = useState<PlaylistSummary | null>(null);
  const canAdd = usePermission('res:playlist:add');
  const canEdit = usePermission('res:playlist:info');
  const chosen = (list.data?.list ?? []).filter((item) => selected.includes(item.id));

  const deleteItems = (items: readonly PlaylistSummary[]) =>
    deleteOfferingDetach(
      items,
      { intro: t('inUse'), okText: t('detach') },
      (detach) => remove.mutateAsync({ ids: items.map((item) => item.id), detach }),
      () => {
        notify({ type: 'success', title: t('deleted', { count: items.length }) });
        setSelected((keys) => keys.filter((key) => !items.some((item) => item.id === key)));
      },
    );

  const actions: PlaylistActions = {
    preview: setPreviewing,
    edit: canEdit ? (item) => navigate(playlistPath(item.id)) : undefined,
    copy: canAdd
      ? (item) =>
          copy.mutate(item.id, {
            onSuccess: (made) => notify({ type: 'success', title: t('copied', { name: made.name }) }),
          })
      : undefined,
    remove: (items) =>
      confirmDelete({
        content: t('deleteConfirm', { names: items.map((item) => item.name).join(', ') }),
        onOk: () => deleteItems(items),
      }),
  };

  const filtered = Boolean(query.keyword || query.orientation !== undefined);
  const empty = filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.noMatch')} />
  ) : (
    <Empty description={t('empty.none')}>
      {canAdd ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(PLAYLIST_ADD_PATH)}>
          {t('add')}
        </Button>
      ) : null}
    </Empty>
  );
  const shown = {
    data: list.data,
    loading: list.isPending,
    view,
    onView: update,
    selected,
    onSelect: setSelected,
    actions,
    empty,
  };
  const width = mobile ? '100%' : 200;

  return (
    <>
      <PageHeader
        title={t('common:route.playlist')}
        extra={
          canAdd ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(PLAYLIST_ADD_PATH)}>
              {t('add')}
            </Button>
          ) : null
        }
      />
      <Flex wrap gap="small" align="center" justify="space-between" className="playlist-toolbar">
        <Flex wrap gap="small" style={mobile ? { flexBasis: '100%' } : undefined}>
          <KeywordSearch
            id="playlistKeyword"
            keyword={view.keyword}
            placeholder={t('searchPlaceholder')}
            width={240}
            onSearch={(keyword) => update({ keyword })}
          />
          <SearchSelect<number>
            id="playlistOrientation"
            aria-label={t('field.orientation')}
            placeholder={t('field.orientation')}
            value={query.orientation}
            onChange={(orientation) => update({ orientation })}
            options={CANVAS_ORIENTATIONS.map((value) => ({ value, label: t(`orientation.${value}`) }))}
            style={{ width }}
          />
          <SearchSelect<string>
            id="playlistSort"
            aria-label={t('sort.label')}
            placeholder={t('sort.label')}
            value={query.sort}
            onChange={(sort) => update({ sort })}
            options={PLAYLIST_SORT_COLUMNS.flatMap((column) =>
              DIRECTIONS.map((direction) => ({
                value: `${column},${direction}`,
                label: t('sort.option', { column: t(`sort.${column}`), direction: t(`sort.${direction}`) }),
              })),
            )}
            style={{ width: mobile ? '100%' : 240 }}
          />
        </Flex>
        <Segmented<LibraryView>
          aria-label={t('content:view.label')}
          value={layout}
          onChange={setLayout}
          options={[
            { value: 'grid', icon: <AppstoreOutlined />, label: t('content:view.grid') },
            { value: 'list', icon: <UnorderedListOutlined />, label: t('content:view.list') },
          ]}
        />
      </Flex>
      {chosen.length > 0 ? (
        <Flex wrap align="center" gap="small" className="playlist-selection">
          <Typography.Text>{t('selected', { count: chosen.length })}</Typography.Text>
          <Button danger onClick={() => actions.remove(chosen)} loading={remove.isPending}>
            {t('common:delete')}
          </Button>
        </Flex>
      ) : null}
      {layout === 'grid' ? <PlaylistGrid {...shown} /> : <PlaylistTable {...shown} />}
      <PlaylistPreview
        source={previewing ? { id: previewing.id } : null}
        title={previewing?.name ?? ''}
        onClose={() => setPreviewing(null)}
      />
    </>
  );
}
