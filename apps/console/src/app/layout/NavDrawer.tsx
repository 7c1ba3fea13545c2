import { CloseOutlined } from '@ant-design/icons';
import { APP_VERSION } from '@vitrine/contract';
import { Drawer } from 'antd';
import { useLanguage } from '../../lib/i18n';
import { Brand } from './Brand';
import { CustomerNavList } from './CustomerNavList';
import { NavMenu } from './NavMenu';
import type { Shell } from './use-shell';

type Props = {
  shell: Shell;
  open: boolean;
  onClose: () => void;
  navBg: string;
  navText: string;
  fullWidth: boolean;
};

/** Mobile navigation: a drawer from the start side; customers get a full-width list of every page. */
export function NavDrawer({ shell, open, onClose, navBg, navText, fullWidth }: Props) {
  const { direction } = useLanguage();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={direction === 'rtl' ? 'right' : 'left'}
      size={fullWidth ? '100%' : 260}
      title={<Brand color={navText} />}
      styles={{
        header: { background: navBg, color: navText },
        body: { background: navBg, padding: 0, display: 'flex', flexDirection: 'column' },
      }}
      closeIcon={<CloseOutlined style={{ color: navText }} />}
    >
      <nav style={{ flex: 1 }}>
        {fullWidth ? (
          <CustomerNavList shell={shell} onNavigate={onClose} />
        ) : (
          <NavMenu shell={shell} onNavigate={onClose} />
        )}
      </nav>
      <div className="shell-sider__version" dir="ltr" style={{ color: navText }}>
        {APP_VERSION}
      </div>
    </Drawer>
  );
}
