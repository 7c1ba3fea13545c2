import { Typography } from 'antd';
import { Name } from '../../../components/Name';

/** A description in a list: two lines at most, the whole in a tooltip; a dash when there is none. */
export function DescriptionCell({ description }: { description: string }) {
  return description ? (
    <Typography.Paragraph
      ellipsis={{ rows: 2, tooltip: description }}
      style={{ marginBottom: 0, maxInlineSize: 280 }}
    >
      <Name>{description}</Name>
    </Typography.Paragraph>
  ) : (
    '—'
  );
}
