import { Tabs as AntTabs, type TabsProps } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * Ant Design's tabs, with the tab list's role where only tabs are: Ant Design puts it on the bar
 * that also holds the overflow "…" button and the bar's extra content (a link, a button), and a
 * tab list may hold only tabs (WCAG 1.3.1, issue 29). The role and orientation move to the
 * element that holds the tabs, again whenever Ant Design draws the bar anew. Use it instead of
 * antd's Tabs; the holder takes no box of its own.
 */
export function Tabs(props: TabsProps) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = holder.current;
    if (!root) return;
    const mend = () => {
      for (const bar of root.querySelectorAll('.ant-tabs-nav[role="tablist"]')) {
        const list = bar.querySelector(':scope > .ant-tabs-nav-wrap > .ant-tabs-nav-list');
        if (!list) continue;
        list.setAttribute('role', 'tablist');
        list.setAttribute('aria-orientation', bar.getAttribute('aria-orientation') ?? 'horizontal');
        bar.removeAttribute('role');
        bar.removeAttribute('aria-orientation');
      }
    };
    mend();
    const observer = new MutationObserver(mend);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={holder} style={{ display: 'contents' }}>
      <AntTabs {...props} />
    </div>
  );
}
