import { DRAWER_WIDTH } from '@vitrine/contract';
import { ConfigProvider, Drawer, type DrawerProps } from 'antd';
import { useContext } from 'react';
import { useLayoutMode } from '../lib/layout-mode';

/**
 * A drawer from the end side (right, or left in Arabic), DRAWER_WIDTH wide unless `size` says
 * otherwise, and full width on phones.
 */
export function EndDrawer({ size = DRAWER_WIDTH, ...props }: Omit<DrawerProps, 'placement'>) {
  const { mobile } = useLayoutMode();
  const { direction } = useContext(ConfigProvider.ConfigContext);
  return (
    <Drawer {...props} placement={direction === 'rtl' ? 'left' : 'right'} size={mobile ? '100%' : size} />
  );
}
