import { DRAWER_WIDTH } from '@vitrine/contract';
import { ConfigProvider, Drawer } from 'antd';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutMode } from '../../../lib/layout-mode';
import { ChangePasswordForm } from './ChangePasswordForm';

type Props = { open: boolean; onClose: () => void };

/** The user menu's Change Password drawer; closing it forgets what was typed. */
export function ChangePasswordDrawer({ open, onClose }: Props) {
  const { t } = useTranslation('account');
  const { mobile } = useLayoutMode();
  const { direction } = useContext(ConfigProvider.ConfigContext);
  // A new form after each close: fields, the old password's answer and the calls start afresh.
  const [generation, setGeneration] = useState(0);

  const close = () => {
    setGeneration((value) => value + 1);
    onClose();
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      title={t('changePassword.title')}
      // "From the right" is the end side: the left one in a right-to-left language.
      placement={direction === 'rtl' ? 'left' : 'right'}
      size={mobile ? '100%' : DRAWER_WIDTH}
      forceRender
    >
      <ChangePasswordForm key={generation} />
    </Drawer>
  );
}
