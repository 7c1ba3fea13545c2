import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The empty list before the first screen: how to turn a browser into one and add it. */
export function DeviceEmpty({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation('device');
  if (filtered) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.noMatch')} />;
  const playerUrl = `${window.location.origin}/player`;
  return (
    <Empty
      description={
        <>
          <Typography.Title level={5}>{t('empty.title')}</Typography.Title>
          <ol style={{ textAlign: 'start', display: 'inline-block', margin: 0 }}>
            <li>
              {t('empty.openPlayer')}{' '}
              <Typography.Text code copyable>
                {playerUrl}
              </Typography.Text>
            </li>
            <li>{t('empty.addIt')}</li>
          </ol>
        </>
      }
    />
  );
}
