import { Badge, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDots } from './dots';
import { RouteIcon } from './icons';
import type { Shell } from './use-shell';

/** The module menu of the side navigation and of the mobile drawer. */
export function NavMenu({ shell, onNavigate }: { shell: Shell; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dots = useDots();
  return (
    <Menu
      mode="inline"
      selectedKeys={shell.module ? [shell.module.path] : []}
      style={{ borderInlineEnd: 'none' }}
      items={shell.menu.map((entry) => ({
        key: entry.path,
        icon: <RouteIcon name={entry.icon} />,
        label: (
          <span id={entry.anchor}>
            {t(entry.title)}
            {dots.has(entry.path) ? <Badge dot className="shell-dot" /> : null}
          </span>
        ),
        onClick: () => {
          navigate(entry.to);
          onNavigate?.();
        },
      }))}
    />
  );
}
