import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props<T> = {
  title: ReactNode;
  query: UseQueryResult<T>;
  /** Nothing to count: the empty state instead of zeros. */
  isEmpty?: (data: T) => boolean;
  extra?: ReactNode;
  children: (data: T) => ReactNode;
  className?: string;
};

/** A dashboard card with its own loading, failure (with a retry) and empty states. */
export function StatisticCard<T>({ title, query, isEmpty, extra, children, className }: Props<T>) {
  const { t } = useTranslation('home');
  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  else if (query.isError && !query.data)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('error')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  else if (query.data == null || isEmpty?.(query.data))
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  else body = children(query.data);
  return (
    <Card title={title} extra={extra} className={className} size="small">
      {body}
    </Card>
  );
}
