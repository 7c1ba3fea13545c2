import type { UseQueryResult } from '@tanstack/react-query';
import type { ScheduleDetail } from '@vitrine/contract';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useErrorText } from '../../../lib/errors';

/** The schedule id in the address (/…/:id), 0 when it names none. */
export function useAddressScheduleId(): number {
  const raw = Number(useParams().id);
  return Number.isInteger(raw) && raw > 0 ? raw : 0;
}

/** What a schedule's page shows instead while the schedule loads, when the address names none, or when it failed. */
export function ScheduleFallback({ id, detail }: { id: number; detail: UseQueryResult<ScheduleDetail> }) {
  const { t } = useTranslation(['schedule', 'common']);
  const errorText = useErrorText();
  if (id === 0) return <Result status="404" title={t('notFound')} />;
  if (detail.isError) {
    return (
      <Result
        status="warning"
        title={errorText(detail.error)}
        extra={<Button onClick={() => detail.refetch()}>{t('action.retry')}</Button>}
      />
    );
  }
  return <Skeleton active paragraph={{ rows: 10 }} />;
}
