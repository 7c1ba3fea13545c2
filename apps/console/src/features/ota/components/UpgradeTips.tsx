import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../lib/permissions';
import { STORAGE_KEYS, useSession } from '../../../lib/session';
import { useUpgradableCount } from '../upgrades';

// The floating upgrade-tips panel (spec 000 §2, on /device/list and /schedule/live): while some of
// the caller's screens can take a newer player, a small panel says how many and links to the
// upgrade list. Closing it holds for that user until signing out (STORAGE_KEYS.otaTips).

const closedBy = (userId: number | undefined) =>
  userId !== undefined && localStorage.getItem(STORAGE_KEYS.otaTips) === String(userId);

export function UpgradeTips() {
  const { t } = useTranslation('ota-device');
  const userId = useSession().user?.user_id;
  const allowed = usePermission('device:ota:list');
  const [closed, setClosed] = useState(() => closedBy(userId));
  const count = useUpgradableCount(allowed && !closed).data ?? 0;
  if (!allowed || closed || count === 0) return null;

  const close = () => {
    if (userId !== undefined) localStorage.setItem(STORAGE_KEYS.otaTips, String(userId));
    setClosed(true);
  };
  return (
    <Alert
      className="ota-upgrade-tips"
      role="status"
      type="info"
      showIcon
      closable={{ 'aria-label': t('tips.close') }}
      onClose={close}
      title={t('tips.title', { count })}
      description={<Link to="/device/ota?upgradable=1">{t('tips.link')}</Link>}
      style={{
        position: 'fixed',
        insetInlineEnd: 16,
        insetBlockEnd: 16,
        zIndex: 20,
        inlineSize: 'min(360px, calc(100vw - 32px))',
        boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)',
      }}
    />
  );
}
