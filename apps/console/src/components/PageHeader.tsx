import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's heading with its main actions at the end; wraps on phones. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <Flex wrap align="center" justify="space-between" gap="small" style={{ marginBottom: 16 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {extra ? (
        <Flex wrap gap="small">
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
