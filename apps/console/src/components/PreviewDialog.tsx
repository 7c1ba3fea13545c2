import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useLayoutMode } from '../lib/layout-mode';

type Props = {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Its width on larger screens; phones give it the whole width. */
  width?: number;
  children: ReactNode;
};

/** A dialog that only shows something (a preview): no buttons but its close, full width on phones. */
export function PreviewDialog({ open, title, onClose, width = 720, children }: Props) {
  const { mobile } = useLayoutMode();
  return (
    <Modal
      open={open}
      title={title}
      footer={null}
      width={mobile ? '100%' : width}
      onCancel={onClose}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
