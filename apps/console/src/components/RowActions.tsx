import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { IconAction } from './IconAction';

type Props = {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Actions of the row's own before edit (preview…). */
  children?: ReactNode;
};

/** A table row's actions: its own ones, then edit and delete, named for the row. */
export function RowActions({ editLabel, deleteLabel, onEdit, onDelete, children }: Props) {
  return (
    <Space size={0}>
      {children}
      <IconAction label={editLabel} icon={<EditOutlined />} onClick={onEdit} />
      <IconAction label={deleteLabel} icon={<DeleteOutlined />} onClick={onDelete} danger />
    </Space>
  );
}

/** The rows' actions column, at the end and kept in view while the table scrolls sideways. */
export function actionsColumn<T>(title: string, render: (item: T) => ReactNode): ColumnType<T> {
  return { title, key: 'actions', fixed: 'end', render: (_, item) => render(item) };
}
