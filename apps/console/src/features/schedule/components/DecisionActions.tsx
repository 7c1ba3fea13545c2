import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/IconAction';

/** An approval list row's decision: approve or reject the schedule or content item named. */
export function DecisionActions({
  name,
  onApprove,
  onReject,
}: {
  name: string;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation('schedule');
  return (
    <>
      <IconAction label={t('action.approveNamed', { name })} icon={<CheckOutlined />} onClick={onApprove} />
      <IconAction
        label={t('action.rejectNamed', { name })}
        icon={<CloseOutlined />}
        onClick={onReject}
        danger
      />
    </>
  );
}
