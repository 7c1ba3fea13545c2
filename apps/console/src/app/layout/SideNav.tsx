import { APP_VERSION } from '@vitrine/contract';
import { Layout } from 'antd';
import { useState } from 'react';
import { Brand } from './Brand';
import { NavMenu } from './NavMenu';
import type { Shell } from './use-shell';

/** The side navigation: brand, modules, and the version string at its foot (spec 000 §1). */
export function SideNav({ shell, navText }: { shell: Shell; navText: string }) {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Layout.Sider
      className="shell-sider"
      width={220}
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      breakpoint="lg"
    >
      <div className="shell-sider__inner">
        <div className="shell-sider__brand">
          <Brand color={navText} compact={collapsed} />
        </div>
        <nav className="shell-sider__menu">
          <NavMenu shell={shell} />
        </nav>
        {collapsed ? null : (
          <div className="shell-sider__version" dir="ltr" style={{ color: navText }}>
            {APP_VERSION}
          </div>
        )}
      </div>
    </Layout.Sider>
  );
}
