import { QrcodeOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Where a screen becomes a player: this server's /player. */
export const playerUrl = () => `${window.location.origin}/player`;

/**
 * The top bar's app download (spec 000 §2): the player is this server's /player page, so the
 * popover gives its address as a QR code for a screen's camera or a phone, and as a link to copy.
 */
export function PlayerLink({ compact, color }: { compact: boolean; color: string }) {
  const { t } = useTranslation();
  const url = playerUrl();
  const content = (
    <Flex vertical align="center" gap="small" style={{ maxWidth: 240 }}>
      <QRCode value={url} size={176} bordered={false} aria-label={t('playerLink.qr')} />
      <Typography.Text copyable={{ text: url }}>
        <a href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
      </Typography.Text>
      <Typography.Text type="secondary">{t('playerLink.help')}</Typography.Text>
    </Flex>
  );
  return (
    <Popover trigger="click" title={t('playerLink.title')} content={content}>
      <Button type="text" icon={<QrcodeOutlined />} aria-label={t('playerLink.label')} style={{ color }}>
        {compact ? null : t('playerLink.label')}
      </Button>
    </Popover>
  );
}
