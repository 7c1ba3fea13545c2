import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** An approval list's empty state: nothing matches the keyword, or nothing waits (`text`). */
export function NothingWaiting({ keyword, text }: { keyword?: string; text: string }) {
  const { t } = useTranslation('schedule');
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('empty.noMatch') : text} />;
}
