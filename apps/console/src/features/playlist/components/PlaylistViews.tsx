import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined, RetweetOutlined } from '@ant-design/icons';
import type { PlaylistSummary } from '@vitrine/contract';
import {
  Card,
  Checkbox,
  Pagination,
  Skeleton,
  Space,
  Table,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/IconAction';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { formatDimensions, formatDuration } from '../../../lib/format';
import { type ListPatch, type ListView, sortOrderOf, tableView } from '../../../lib/list-params';
import type { PlaylistList } from '../api';
import { ItemThumb } from './ItemThumb';
import '../../../components/card-grid.css';

/** What can be done to a playlist; `edit` and `copy` are absent without the permission. */
export type PlaylistActions = {
  preview: (item: PlaylistSummary) => void;
  edit?: (item: PlaylistSummary) => void;
  copy?: (item: PlaylistSummary) => void;
  remove: (items: PlaylistSummary[]) => void;
};

export type ViewProps = {
  data: PlaylistList | undefined;
  loading: boolean;
  view: ListView<string>;
  onView: (patch: ListPatch) => void;
  selected: Key[];
  onSelect: (keys: Key[]) => void;
  actions: PlaylistActions;
  empty: ReactNode;
};

function RowActions({ item, actions }: { item: PlaylistSummary; actions: PlaylistActions }) {
  const { t } = useTranslation('playlist');
  const { edit, copy } = actions;
  return (
    <Space size={0}>
      <IconAction
        label={t('action.preview', { name: item.name })}
        icon={<EyeOutlined />}
        onClick={() => actions.preview(item)}
      />
      {edit ? (
        <IconAction
          label={t('action.edit', { name: item.name })}
          icon={<EditOutlined />}
          onClick={() => edit(item)}
        />
      ) : null}
      {copy ? (
        <IconAction
          label={t('action.copy', { name: item.name })}
          icon={<CopyOutlined />}
          onClick={() => copy(item)}
        />
      ) : null}
      <IconAction
        label={t('action.delete', { name: item.name })}
        icon={<DeleteOutlined />}
        onClick={() => actions.remove([item])}
        danger
      />
    </Space>
  );
}

/** "12 items · 3:20", and the shuffle mark. */
function Facts({ item }: { item: PlaylistSummary }) {
  const { t } = useTranslation('playlist');
  return (
    <>
      <bdi>{t('list.items', { count: item.item_count })}</bdi>
      {' · '}
      <bdi className="playlist-duration">{formatDuration(item.duration)}</bdi>
      {item.shuffle ? (
        <Tooltip title={t('field.shuffle')}>
          <RetweetOutlined className="playlist-shuffle" aria-label={t('field.shuffle')} />
        </Tooltip>
      ) : null}
    </>
  );
}

function Orientation({ item }: { item: PlaylistSummary }) {
  const { t } = useTranslation('playlist');
  return (
    <Tag>
      {t(`orientation.${item.orientation}`)} · <bdi>{formatDimensions(item.width, item.height)}</bdi>
    </Tag>
  );
}

const SKELETON_CARDS = 8;

/** The playlists as cards: the first picture, the name, items and length, the orientation. */
export function PlaylistGrid({ data, loading, view, onView, selected, onSelect, actions, empty }: ViewProps) {
  const { t } = useTranslation('playlist');
  if (loading) {
    return (
      <div className="content-grid" aria-busy="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Card key={index} size="small" cover={<Skeleton.Node active className="content-thumb" />}>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (!data?.list.length) return <>{empty}</>;
  const toggle = (id: number) =>
    onSelect(selected.includes(id) ? selected.filter((key) => key !== id) : [...selected, id]);
  const { pagination } = tableView<PlaylistSummary>(view, onView, data.total, (total) =>
    t('total', { total }),
  );
  return (
    <>
      <ul className="content-grid">
        {data.list.map((item) => (
          <li key={item.id}>
            <Card
              size="small"
              className={selected.includes(item.id) ? 'content-card is-selected' : 'content-card'}
              cover={
                <button
                  type="button"
                  className="content-card__thumb playlist-card__thumb"
                  onClick={() => (actions.edit ?? actions.preview)(item)}
                  aria-label={t(actions.edit ? 'action.edit' : 'action.preview', { name: item.name })}
                >
                  <ItemThumb kind="playlist" thumbnail={item.thumbnail} name={item.name} />
                  <span className="content-card__duration">{formatDuration(item.duration)}</span>
                </button>
              }
            >
              <Checkbox
                className="content-card__check"
                checked={selected.includes(item.id)}
                onChange={() => toggle(item.id)}
                aria-label={t('action.select', { name: item.name })}
              />
              <Typography.Text strong ellipsis={{ tooltip: item.name }} className="content-card__name">
                <Name>{item.name}</Name>
              </Typography.Text>
              <Typography.Text type="secondary" className="playlist-card__facts">
                <Facts item={item} />
              </Typography.Text>
              <div className="playlist-card__foot">
                <Orientation item={item} />
                <RowActions item={item} actions={actions} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {pagination ? (
        <Pagination
          {...pagination}
          className="content-grid__pages"
          onChange={(page, size) => onView(size !== view.page_size ? { page_size: size } : { page })}
        />
      ) : null}
    </>
  );
}

/** The playlists as a table, sortable by name, length and dates. */
export function PlaylistTable({
  data,
  loading,
  view,
  onView,
  selected,
  onSelect,
  actions,
  empty,
}: ViewProps) {
  const { t } = useTranslation('playlist');
  const dateTime = useDateTime();
  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(view.sort, column) });
  const columns: TableProps<PlaylistSummary>['columns'] = [
    {
      title: t('field.thumbnail'),
      key: 'thumbnail',
      width: 72,
      render: (_, item) => <ItemThumb kind="playlist" thumbnail={item.thumbnail} name={item.name} small />,
    },
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sorted('name'),
      render: (name: string) => <Name>{name}</Name>,
    },
    {
      title: t('field.items'),
      dataIndex: 'item_count',
      render: (count: number) => t('list.items', { count }),
    },
    {
      title: t('field.duration'),
      dataIndex: 'duration',
      ...sorted('duration'),
      render: (seconds: number) => <bdi className="playlist-duration">{formatDuration(seconds)}</bdi>,
    },
    { title: t('field.orientation'), key: 'orientation', render: (_, item) => <Orientation item={item} /> },
    {
      title: t('field.shuffle'),
      dataIndex: 'shuffle',
      render: (shuffle: boolean) => (shuffle ? t('list.yes') : t('list.no')),
    },
    { title: t('field.updatedAt'), dataIndex: 'updated_at', ...sorted('updated_at'), render: dateTime },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, item) => <RowActions item={item} actions={actions} />,
    },
  ];
  return (
    <Table<PlaylistSummary>
      rowKey="id"
      columns={columns}
      dataSource={data?.list}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      rowSelection={{ selectedRowKeys: selected, onChange: onSelect }}
      {...tableView<PlaylistSummary>(view, onView, data?.total ?? 0, (total) => t('total', { total }))}
    />
  );
}
