import { CheckOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useRejectSchedule, useSchedule, useScheduleAudits, useScheduleTransition } from '../api';
import { RejectDialog } from '../components/RejectDialog';
import {
  AuditHistory,
  ScheduleContent,
  ScheduleDevices,
  ScheduleFacts,
  ScheduleFrames,
} from '../components/ScheduleFacts';
import { ScheduleFallback, useAddressScheduleId } from '../components/ScheduleFallback';
import { useConfirmedTransition } from '../confirm-transition';
import { refreshScheduleDots } from '../dots';
import { NeedsConfirmTag, SCHEDULE_PATHS } from '../labels';
import '../schedule.css';

/** /schedule/audits/:id: one schedule's approval page, with its details, history and the decision. */
export function ScheduleApprovalPage() {
  const { t } = useTranslation(['schedule', 'common']);
  const navigate = useNavigate();
  const id = useAddressScheduleId();
  const detail = useSchedule(id);
  const audits = useScheduleAudits(id);
  const { transition, confirmTransition } = useConfirmedTransition();
  const [rejecting, setRejecting] = useState(false);
  const reject = useRejectSchedule();
  const review = useScheduleTransition();
  const pending = detail.data?.state === 'pending' && detail.data.ntc;
  // Opened by an approver, a pending schedule is theirs to review: others see "reviewed by".
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per schedule that opens pending
  useEffect(() => {
    if (pending) review.mutate({ id, action: 'review' }, { onSuccess: () => void audits.refetch() });
  }, [id, pending]);

  if (id === 0 || detail.isPending || detail.isError) return <ScheduleFallback id={id} detail={detail} />;
  const schedule = detail.data;
  const decided = () => {
    refreshScheduleDots();
    void audits.refetch();
  };

  const approve = () => confirmTransition(schedule, 'approve', decided);

  return (
    <>
      <PageHeader
        title={
          <Space size="small" wrap>
            <span dir="auto">{schedule.name}</span>
            {schedule.ntc ? <NeedsConfirmTag /> : null}
            {schedule.state === 'reviewing' && schedule.reviewer_name ? (
              <Typography.Text type="secondary">
                {t('reviewedBy', { name: schedule.reviewer_name })}
              </Typography.Text>
            ) : null}
          </Space>
        }
        extra={
          <>
            <Button icon={<EyeOutlined />} onClick={() => navigate(SCHEDULE_PATHS.view(schedule.id))}>
              {t('action.previewPlain')}
            </Button>
            {schedule.ntc ? (
              <>
                <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)}>
                  {t('action.reject')}
                </Button>
                <Button
                  type="primary"
                  icon={<CheckOutlined />}
                  loading={transition.isPending}
                  onClick={approve}
                >
                  {t('action.approve')}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <Flex vertical gap="middle">
        <ScheduleFacts schedule={schedule} />
        <div className="schedule-columns">
          <ScheduleFrames schedule={schedule} />
          <ScheduleContent schedule={schedule} />
        </div>
        <ScheduleDevices schedule={schedule} />
        <AuditHistory audits={audits.data} loading={audits.isPending} />
      </Flex>
      <RejectDialog
        target={rejecting ? schedule : null}
        reject={reject}
        done={t('rejected')}
        onClose={() => setRejecting(false)}
        onRejected={() => void audits.refetch()}
      />
    </>
  );
}
