import { PlusOutlined } from '@ant-design/icons';
import type { VideoWallItem } from '@vitrine/contract';
import { Button, Flex, type TableProps, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDelete } from '../../../components/confirm';
import { ListPage } from '../../../components/ListPage';
import { useDateTime } from '../../../components/labels';
import { RowActions } from '../../../components/RowActions';
import { leftToRight } from '../../../lib/bidi';
import { sortOrderOf, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permissions';
import { useDeleteWalls, useWallList } from '../api';
import { wallPath } from '../paths';

const NO_FILTERS = [] as const;

/** /device/video-wall-list: the walls of the workspaces in view, searched, sorted, deleted one or several at a time. */
export function VideoWallListPage() {
  const { t } = useTranslation(['video-wall', 'common']);
  const navigate = useNavigate();
  const dateTime = useDateTime();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useWallList(query);
  const remove = useDeleteWalls();
  const canAdd = usePermission('device:videowall:add');
  const canOpen = usePermission('device:videowall:info');
  const [selected, setSelected] = useState<Key[]>([]);
  const chosen = (list.data?.list ?? []).filter((wall) => selected.includes(wall.id));

  const askDelete = (walls: readonly VideoWallItem[]) =>
    confirmDelete({
      content: t('deleteConfirm', { names: walls.map((wall) => wall.name).join(', ') }),
      onOk: () =>
        remove.mutateAsync(walls.map((wall) => wall.id)).then(() => {
          notify({ type: 'success', title: t('deleted') });
          setSelected((keys) => keys.filter((key) => !walls.some((wall) => wall.id === key)));
        }),
    });

  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(view.sort, column) });
  const columns: TableProps<VideoWallItem>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sorted('name'),
      render: (name: string, wall) =>
        canOpen ? (
          <Typography.Link dir="auto" onClick={() => navigate(wallPath(wall.id))}>
            {name}
          </Typography.Link>
        ) : (
          <span dir="auto">{name}</span>
        ),
    },
    {
      title: t('field.grid'),
      key: 'grid',
      render: (_, wall) => leftToRight(t('gridSize', { rows: wall.rows, columns: wall.columns })),
    },
    {
      title: t('field.screens'),
      key: 'screens',
      render: (_, wall) => t('placed', { placed: wall.cells.length, total: wall.rows * wall.columns }),
    },
    {
      title: t('field.orientation'),
      dataIndex: 'orientation',
      render: (value: string) => t(`orientation.${value}`),
    },
    {
      title: t('field.workspace'),
      dataIndex: 'group_name',
      render: (name: string | null) => <span dir="auto">{name}</span>,
    },
    { title: t('field.updatedAt'), dataIndex: 'updated_at', ...sorted('updated_at'), render: dateTime },
    ...(canAdd
      ? [
          {
            title: t('field.actions'),
            key: 'actions',
            fixed: 'end' as const,
            render: (_: unknown, wall: VideoWallItem) => (
              <RowActions
                editLabel={t('action.edit', { name: wall.name })}
                deleteLabel={t('action.delete', { name: wall.name })}
                onEdit={() => navigate(wallPath(wall.id))}
                onDelete={() => askDelete([wall])}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<VideoWallItem>
      title={t('common:route.videoWallList')}
      extra={
        canAdd ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(wallPath(0))}>
            {t('add')}
          </Button>
        ) : null
      }
      search={{ id: 'video-wall-search', placeholder: t('searchPlaceholder') }}
      view={view}
      update={update}
      table={{
        columns,
        list,
        totalText: (total) => t('total', { total }),
        selection: canAdd ? { keys: selected, onChange: setSelected } : undefined,
      }}
    >
      {chosen.length > 0 ? (
        <Flex wrap align="center" gap="small" style={{ marginTop: 8 }}>
          <Typography.Text>{t('selected', { number: chosen.length })}</Typography.Text>
          <Button danger onClick={() => askDelete(chosen)} loading={remove.isPending}>
            {t('common:delete')}
          </Button>
        </Flex>
      ) : null}
    </ListPage>
  );
}
