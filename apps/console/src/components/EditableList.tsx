import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { notify } from '../lib/notify';
import { confirmDelete } from './confirm';
import { PageHeader } from './PageHeader';
import { RowActions } from './RowActions';

/** What a row's edit and delete say and do. */
type Actions<T> = {
  title: ReactNode;
  editLabel: (item: T) => string;
  deleteLabel: (item: T) => string;
  /** The question the delete dialog asks. */
  deleteConfirm: (item: T) => ReactNode;
  /** Deletes the row; a refusal is shown by the call itself. */
  remove: (item: T) => Promise<unknown>;
  deletedText: string;
};

/** Whether the drawer is open, on which row (none: adding one). */
export type EditTarget<T> = { open: boolean; item: T | null; onClose: () => void };

type Props<T> = {
  title: ReactNode;
  addText: ReactNode;
  /** What stands between the heading and the table (a hint, a toolbar, the list's error). */
  intro?: ReactNode;
  /** The item's columns; the actions column follows them. */
  columns: ColumnsType<T>;
  actions: Actions<T>;
  list: { data?: { list: T[] }; isPending: boolean };
  emptyText: ReactNode;
  /** The drawer that adds or changes an item. */
  drawer: (target: EditTarget<T>) => ReactNode;
};

/** A page of a few items, all on one page: a heading with add, the table with edit and delete per row, and the drawer. */
export function EditableList<T extends { id: number }>({
  title,
  addText,
  intro,
  columns,
  actions,
  list,
  emptyText,
  drawer,
}: Props<T>) {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);

  const askDelete = (item: T) =>
    confirmDelete({
      content: actions.deleteConfirm(item),
      onOk: () =>
        actions.remove(item).then(
          () => notify({ type: 'success', title: actions.deletedText }),
          () => undefined,
        ),
    });

  const withActions: ColumnsType<T> = [
    ...columns,
    {
      title: actions.title,
      key: 'actions',
      width: 104,
      render: (_, item) => (
        <RowActions
          editLabel={actions.editLabel(item)}
          deleteLabel={actions.deleteLabel(item)}
          onEdit={() => setEditing({ item })}
          onDelete={() => askDelete(item)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ item: null })}>
            {addText}
          </Button>
        }
      />
      {intro}
      <Table<T>
        rowKey="id"
        columns={withActions}
        dataSource={list.data?.list}
        loading={list.isPending}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: <Empty description={emptyText} /> }}
      />
      {drawer({ open: editing !== null, item: editing?.item ?? null, onClose: () => setEditing(null) })}
    </>
  );
}
