import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Tabs } from '../../components/Tabs';
import { activeTab } from '../menu';
import { useDots } from './dots';
import { RouteIcon } from './icons';
import type { Shell } from './use-shell';

/** The current module's pages as tabs, with notification dots (spec 000 §2 "Shell"). */
export function TabBar({ shell }: { shell: Shell }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dots = useDots();
  if (shell.tabs.length === 0) return null;
  return (
    <Tabs
      className="shell-tabs"
      activeKey={activeTab(shell.tabs, shell.pathname) ?? ''}
      onChange={(path) => navigate(path)}
      items={shell.tabs.map((tab) => ({
        key: tab.path,
        icon: tab.icon ? <RouteIcon name={tab.icon} /> : undefined,
        label: (
          <span>
            {t(tab.title)}
            {dots.has(tab.path) ? <Badge dot className="shell-dot" /> : null}
          </span>
        ),
      }))}
    />
  );
}
