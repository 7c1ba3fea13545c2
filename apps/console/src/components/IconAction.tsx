import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

type Props = { label: string; icon: ReactNode; onClick: () => void; danger?: boolean };

/** A table row's action: an icon button named by its tooltip (and for screen readers). */
export function IconAction({ label, icon, onClick, danger = false }: Props) {
  return (
    <Tooltip title={label}>
      <Button type="text" danger={danger} icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}
