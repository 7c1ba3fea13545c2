import { AuditOutlined, CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/IconAction';

type Props = {
  /** The schedule or content item's name. */
  name: string;
  onReview: () => void;
  onApprove: () => void;
  onReject: () => void;
  /** The row's own actions between reviewing and deciding (preview…). */
  children?: ReactNode;
};

/** An approval list row's actions: review the schedule or content item named, then approve or reject it. */
export function ApprovalActions({ name, onReview, onApprove, onReject, children }: Props) {
  const { t } = useTranslation('schedule');
  return (
    <Space size={0}>
      <IconAction label={t('action.review', { name })} icon={<AuditOutlined />} onClick={onReview} />
      {children}
      <IconAction label={t('action.approveNamed', { name })} icon={<CheckOutlined />} onClick={onApprove} />
      <IconAction
        label={t('action.rejectNamed', { name })}
        icon={<CloseOutlined />}
        onClick={onReject}
        danger
      />
    </Space>
  );
}
