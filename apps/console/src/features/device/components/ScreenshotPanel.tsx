import type { DeviceItem } from '@vitrine/contract';
import { Card, Empty, Image, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../components/labels';
import { useErrorText } from '../../../lib/errors';
import { useScreenshotBlob } from '../control-api';

/** An object URL for a blob, revoked when the blob changes or the page closes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return blob ? url : null;
}

/** The latest screenshot of the screen; a new one appears once a screenshot command is done. */
export function ScreenshotPanel({ device }: { device: DeviceItem }) {
  const { t } = useTranslation('device');
  const errorText = useErrorText();
  const dateTime = useDateTime();
  const at = device.screenshot_at;
  const image = useScreenshotBlob(device.device_id, at);
  const url = useObjectUrl(image.data);

  let body = <Empty description={t('screenshot.none')} />;
  if (at && image.isError) body = <Typography.Text type="danger">{errorText(image.error)}</Typography.Text>;
  else if (at && !url) body = <Skeleton.Image active />;
  else if (at && url) {
    body = (
      <>
        <Image
          src={url}
          alt={t('screenshot.alt', { name: device.device_name })}
          style={{ maxWidth: '100%' }}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('screenshot.takenAt', { time: dateTime(at) })}
        </Typography.Paragraph>
      </>
    );
  }
  return (
    <Card title={t('screenshot.title')} style={{ marginTop: 16 }}>
      {body}
    </Card>
  );
}
