import { RightOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH, MOBILE_HOME_PATH } from '../../lib/paths';
import { activeTab, buildTabs } from '../menu';
import { RouteIcon } from './icons';
import type { Shell } from './use-shell';

/** The simplified mobile menu of customer users: every page as one full-width list, by module. */
export function CustomerNavList({ shell, onNavigate }: { shell: Shell; onNavigate: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (to: string) => {
    navigate(to);
    onNavigate();
  };
  const row = (title: string) => (
    <span className="shell-list__row">
      <span>{t(title)}</span>
      <RightOutlined className="shell-list__arrow" />
    </span>
  );

  const items = shell.menu.map((entry) => {
    const module = shell.allowed.find((route) => route.path === entry.path);
    const tabs = buildTabs(module, shell.context);
    if (tabs.length === 0) {
      return {
        key: entry.path,
        icon: <RouteIcon name={entry.icon} />,
        label: row(entry.title),
        onClick: () => go(entry.to),
      };
    }
    return {
      key: entry.path,
      type: 'group' as const,
      label: (
        <span>
          <RouteIcon name={entry.icon} /> {t(entry.title)}
        </span>
      ),
      children: tabs.map((tab) => ({ key: tab.path, label: row(tab.title), onClick: () => go(tab.path) })),
    };
  });

  // The first entry opens the customer's phone home, which stands in for Home.
  const selected =
    shell.pathname === MOBILE_HOME_PATH
      ? HOME_PATH
      : (activeTab(shell.tabs, shell.pathname) ?? shell.module?.path);
  return (
    <Menu
      className="shell-list"
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      style={{ borderInlineEnd: 'none', width: '100%' }}
      items={items}
    />
  );
}
