import { type ContentItem, ContentType, type LibraryContentType } from '@vitrine/contract';
import { Button, Table, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { formatDimensions, formatDuration, formatSize } from '../../../lib/format';
import { type ListPatch, type ListView, sortOrderOf, tableView } from '../../../lib/list-params';
import type { ContentList } from '../api';
import { hasDuration, isFileType } from '../library';
import { type ItemActions, ItemMenu } from './ItemMenu';
import { ApprovalTag, ContentThumb, type ItemFact, StateTag } from './labels';

type Props = {
  type: LibraryContentType;
  data: ContentList | undefined;
  loading: boolean;
  view: ListView<string>;
  onView: (patch: ListPatch) => void;
  selected: Key[];
  onSelect: (keys: Key[]) => void;
  inBin: boolean;
  actions: ItemActions;
  empty: ReactNode;
  fact?: ItemFact;
};

type Column = NonNullable<TableProps<ContentItem>['columns']>[number];

/** The library as a table: the columns that mean something for the page's type, sortable ones first. */
export function ContentTable({
  type,
  data,
  loading,
  view,
  onView,
  selected,
  onSelect,
  inBin,
  actions,
  empty,
  fact,
}: Props) {
  const { t } = useTranslation('content');
  const dateTime = useDateTime();
  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(view.sort, column) });
  const file = isFileType(type);
  const measured = type === ContentType.image || type === ContentType.video;

  const columns: Column[] = [
    {
      title: t('field.thumbnail'),
      key: 'thumbnail',
      width: 72,
      render: (_, item) => (
        <span className="content-thumb content-thumb--small">
          <ContentThumb item={item} />
        </span>
      ),
    },
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sorted('name'),
      render: (name: string, item) => (
        <Button type="link" className="content-table__name" onClick={() => actions.preview(item)}>
          <Name>{name}</Name>
        </Button>
      ),
    },
    ...(fact ? [{ title: fact.title, key: 'fact', render: (_, item) => fact.render(item) } as Column] : []),
    ...(file
      ? [
          {
            title: t('field.size'),
            dataIndex: 'size',
            ...sorted('size'),
            render: (bytes: number) => <bdi>{formatSize(bytes)}</bdi>,
          } as Column,
        ]
      : [{ title: t('field.link'), dataIndex: 'link', ellipsis: true } as Column]),
    ...(hasDuration(type)
      ? [
          {
            title: t('field.duration'),
            dataIndex: 'duration',
            render: (duration: number | null) => (duration === null ? '—' : formatDuration(duration)),
          } as Column,
        ]
      : []),
    ...(measured
      ? [
          {
            title: t('field.dimensions'),
            key: 'dimensions',
            render: (_, item) => formatDimensions(item.width, item.height) ?? '—',
          } as Column,
        ]
      : []),
    { title: t('field.state'), key: 'state', render: (_, item) => <StateTag item={item} /> },
    { title: t('field.approval'), key: 'approval', render: (_, item) => <ApprovalTag item={item} /> },
    { title: t('field.uploader'), dataIndex: 'uploader_name', render: (name: string | null) => name ?? '—' },
    { title: t('field.createdAt'), dataIndex: 'created_at', ...sorted('created_at'), render: dateTime },
    { title: t('field.updatedAt'), dataIndex: 'updated_at', ...sorted('updated_at'), render: dateTime },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      width: 72,
      render: (_, item) => <ItemMenu item={item} inBin={inBin} actions={actions} />,
    },
  ];

  return (
    <Table<ContentItem>
      rowKey="id"
      columns={columns}
      dataSource={data?.list}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      rowSelection={{ selectedRowKeys: selected, onChange: onSelect }}
      {...tableView<ContentItem>(view, onView, data?.total ?? 0, (total) => t('list.total', { total }))}
    />
  );
}
