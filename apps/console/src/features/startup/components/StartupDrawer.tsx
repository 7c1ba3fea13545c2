import { DRAWER_WIDTH } from '@vitrine/contract';
import { ConfigProvider, Drawer } from 'antd';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutMode } from '../../../lib/layout-mode';
import type { StartupOwner } from '../api';
import { StartupMediaPanel } from './StartupMediaPanel';

type Props = { open: boolean; owner: StartupOwner; editable: boolean; onClose: () => void };

/** The startup video and logo in a drawer from the end side (the company's, from the device list). */
export function StartupDrawer({ open, owner, editable, onClose }: Props) {
  const { t } = useTranslation('startup');
  const { mobile } = useLayoutMode();
  const { direction } = useContext(ConfigProvider.ConfigContext);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('drawerTitle')}
      placement={direction === 'rtl' ? 'left' : 'right'}
      size={mobile ? '100%' : DRAWER_WIDTH}
      destroyOnHidden
    >
      <StartupMediaPanel owner={owner} editable={editable} />
    </Drawer>
  );
}
