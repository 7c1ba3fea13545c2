import { Space, Typography } from 'antd';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { leftToRight } from '../../../lib/bidi';

/** When something was made (isolated left to right) and, below it, by whom. */
export function CreatedCell({ at, by }: { at: string; by: string | null }) {
  const dateTime = useDateTime();
  return (
    <Space direction="vertical" size={0}>
      {leftToRight(dateTime(at))}
      {by ? (
        <Typography.Text type="secondary">
          <Name>{by}</Name>
        </Typography.Text>
      ) : null}
    </Space>
  );
}
