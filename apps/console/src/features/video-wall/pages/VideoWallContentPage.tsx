import { EyeOutlined } from '@ant-design/icons';
import { ContentType, type VideoWallContentItem } from '@vitrine/contract';
import { type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton';
import { confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { useItemDrawer } from '../../../components/ItemDrawer';
import { ListPage } from '../../../components/ListPage';
import { useDateTime } from '../../../components/labels';
import { PreviewDialog } from '../../../components/PreviewDialog';
import { actionsColumn, RowActions } from '../../../components/RowActions';
import { leftToRight } from '../../../lib/bidi';
import { sortable, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { deleteOfferingDetach } from '../../content/ui';
import { useDeleteWallContents, useWallChoices, useWallContentList } from '../api';
import { WallContentDrawer } from '../components/WallContentDrawer';
import { WallPreview } from '../components/WallPreview';
import '../video-wall.css';

const NO_FILTERS = [] as const;
/** Every wall to choose from, on one page. */
const ALL_WALLS = { page_size: 200, sort: 'name,asc' } as const;

/** /content/videowall-list: wall content (content type 7), each a picture, a video or a playlist laid across a wall. */
export function VideoWallContentPage() {
  const { t } = useTranslation(['video-wall', 'common']);
  const dateTime = useDateTime();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useWallContentList(query);
  const walls = useWallChoices(ALL_WALLS).data?.list ?? [];
  const remove = useDeleteWallContents();
  const drawer = useItemDrawer<VideoWallContentItem>();
  const [preview, setPreview] = useState<VideoWallContentItem | null>(null);
  const previewWall = walls.find((wall) => wall.id === preview?.wall_id);

  // Schedules may play it: then the offer to take it out of them and delete.
  const deleteItem = (item: VideoWallContentItem) =>
    deleteOfferingDetach(
      [{ id: item.id, name: item.name }],
      { intro: t('content.inUse'), okText: t('content.detach') },
      (detach) => remove.mutateAsync({ ids: [item.id], detach }),
      () => notify({ type: 'success', title: t('content.deleted') }),
    );

  const columns: TableProps<VideoWallContentItem>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sortable(view, 'name'),
      render: (name: string) => <span dir="auto">{name}</span>,
    },
    {
      title: t('content.wall'),
      key: 'wall',
      render: (_, item) => (
        <>
          <span dir="auto">{item.wall_name}</span>{' '}
          <Tag>{leftToRight(t('gridSize', { rows: item.rows, columns: item.columns }))}</Tag>
        </>
      ),
    },
    {
      title: t('content.source'),
      key: 'source',
      render: (_, item) => (
        <>
          <Tag>
            {t(
              `content.kind.${item.playlist_id ? 'playlist' : item.content_type === ContentType.video ? 'video' : 'image'}`,
            )}
          </Tag>
          <span dir="auto">{item.playlist_name ?? item.content_name}</span>
        </>
      ),
    },
    { title: t('content.fit'), dataIndex: 'fit', render: (fit: string) => t(`fit.${fit}`) },
    {
      title: t('field.updatedAt'),
      dataIndex: 'updated_at',
      ...sortable(view, 'updated_at'),
      render: dateTime,
    },
    actionsColumn(t('field.actions'), (item) => (
      <RowActions
        editLabel={t('action.edit', { name: item.name })}
        deleteLabel={t('action.delete', { name: item.name })}
        onEdit={() => drawer.edit(item)}
        onDelete={() =>
          confirmDelete({
            content: t('content.deleteConfirm', { name: item.name }),
            onOk: () => deleteItem(item),
          })
        }
      >
        <IconAction
          label={t('action.preview', { name: item.name })}
          icon={<EyeOutlined />}
          onClick={() => setPreview(item)}
        />
      </RowActions>
    )),
  ];

  return (
    <ListPage<VideoWallContentItem>
      title={t('common:route.videoWallContent')}
      extra={<AddButton onClick={drawer.add}>{t('content.add')}</AddButton>}
      search={{ id: 'video-wall-content-search', placeholder: t('searchPlaceholder') }}
      view={view}
      update={update}
      table={{ columns, list, totalText: (total) => t('total', { total }) }}
    >
      <WallContentDrawer {...drawer.props} walls={walls} />
      <PreviewDialog open={preview !== null} title={preview?.name} onClose={() => setPreview(null)}>
        {preview && previewWall ? (
          <WallPreview screen={previewWall} picture={preview.thumbnail_url} fit={preview.fit} />
        ) : null}
      </PreviewDialog>
    </ListPage>
  );
}
