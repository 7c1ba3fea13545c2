import { Badge, Tabs } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { activeTab } from '../menu';
import { useDots } from './dots';
import { RouteIcon } from './icons';
import type { Shell } from './use-shell';

/**
 * Ant Design puts the tab list's role on the bar that also holds the overflow "…" button, and a
 * tab list may hold only tabs: the role (and orientation) move to the element that holds the tabs.
 */
function useTabListRole(shown: boolean) {
  const holder = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the bar is drawn (and its holder set) only once there are tabs
  useEffect(() => {
    const root = holder.current;
    if (!root) return;
    const mend = () => {
      const bar = root.querySelector('.ant-tabs-nav[role="tablist"]');
      const list = root.querySelector('.ant-tabs-nav-list');
      if (!bar || !list) return;
      list.setAttribute('role', 'tablist');
      list.setAttribute('aria-orientation', bar.getAttribute('aria-orientation') ?? 'horizontal');
      bar.removeAttribute('role');
      bar.removeAttribute('aria-orientation');
    };
    mend();
    const observer = new MutationObserver(mend);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [shown]);
  return holder;
}

/** The current module's pages as tabs, with notification dots (spec 000 §2 "Shell"). */
export function TabBar({ shell }: { shell: Shell }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dots = useDots();
  const holder = useTabListRole(shell.tabs.length > 0);
  if (shell.tabs.length === 0) return null;
  return (
    <div ref={holder} className="shell-tabs-holder">
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
    </div>
  );
}
