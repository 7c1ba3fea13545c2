import { DeleteOutlined, SyncOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import { IconAction } from '../../../components/IconAction';

type Props = { renewLabel: string; deleteLabel: string; onRenew: () => void; onDelete: () => void };

/** A key's row actions: a new secret for it (rotate, reissue), and delete or revoke it. */
export function KeyRowActions({ renewLabel, deleteLabel, onRenew, onDelete }: Props) {
  return (
    <Space size={0}>
      <IconAction label={renewLabel} icon={<SyncOutlined />} onClick={onRenew} />
      <IconAction label={deleteLabel} icon={<DeleteOutlined />} onClick={onDelete} danger />
    </Space>
  );
}
