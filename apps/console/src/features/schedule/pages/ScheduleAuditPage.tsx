import { EyeOutlined } from '@ant-design/icons';
import type { ScheduleSummary } from '@vitrine/contract';
import { Flex, type TableProps, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconAction } from '../../../components/IconAction';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { ListTable } from '../../../components/ListTable';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { sortable, useListView } from '../../../lib/list-params';
import { useRejectSchedule, useScheduleList } from '../api';
import { ApprovalActions } from '../components/ApprovalActions';
import { ApprovalSwitch } from '../components/ApprovalSwitch';
import { ContentApprovals } from '../components/ContentApprovals';
import { NothingWaiting } from '../components/NothingWaiting';
import { RejectDialog } from '../components/RejectDialog';
import { useConfirmedTransition } from '../confirm-transition';
import { SCHEDULE_PATHS, usePeriod, useTypeLabel } from '../labels';
import '../schedule.css';
import { Tabs } from '../../../components/Tabs';

const NO_FILTERS = [] as const;

/**
 * /schedule/audit: the schedules waiting for the caller's approval, approved or rejected (with a
 * reason) from the list or opened on their approval page; the content tab (`tab=content`) does the
 * same for content. The approval switch heads it for those
 * who may change the company's setting.
 */
export function ScheduleAuditPage() {
  const { t } = useTranslation(['schedule', 'common']);
  const navigate = useNavigate();
  const dateTime = useDateTime();
  const typeLabel = useTypeLabel();
  const period = usePeriod();
  const { view, query: base, update, params } = useListView(NO_FILTERS);
  const tab = params.get('tab') === 'content' ? 'content' : 'schedules';
  const query = useMemo(() => ({ ...base, ntc: true }), [base]);
  const list = useScheduleList(query, tab === 'schedules');
  const { transition, confirmTransition } = useConfirmedTransition();
  const [rejecting, setRejecting] = useState<ScheduleSummary | null>(null);
  const reject = useRejectSchedule();

  const approve = (schedule: ScheduleSummary) => confirmTransition(schedule, 'approve');

  const columns: TableProps<ScheduleSummary>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sortable(view, 'name'),
      render: (name: string) => <span dir="auto">{name}</span>,
    },
    { title: t('field.type'), dataIndex: 'type', render: (value: string) => <Tag>{typeLabel(value)}</Tag> },
    {
      title: t('field.period'),
      key: 'period',
      render: (_, schedule) => <span className="schedule-nowrap">{period(schedule)}</span>,
    },
    { title: t('field.devices'), dataIndex: 'device_count' },
    { title: t('field.priority'), dataIndex: 'priority' },
    { title: t('field.creator'), dataIndex: 'creator_name', render: (name: string | null) => name ?? '—' },
    {
      title: t('field.submittedAt'),
      dataIndex: 'updated_at',
      ...sortable(view, 'updated_at'),
      render: dateTime,
    },
    {
      title: t('field.actions'),
      key: 'actions',
      render: (_, schedule) => (
        <ApprovalActions
          name={schedule.name}
          onReview={() => navigate(SCHEDULE_PATHS.approval(schedule.id))}
          onApprove={() => approve(schedule)}
          onReject={() => setRejecting(schedule)}
        >
          <IconAction
            label={t('action.preview', { name: schedule.name })}
            icon={<EyeOutlined />}
            onClick={() => navigate(SCHEDULE_PATHS.view(schedule.id))}
          />
        </ApprovalActions>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('common:route.scheduleAudit')} extra={<ApprovalSwitch />} />
      <Flex wrap gap="small" className="schedule-toolbar">
        <KeywordSearch
          id="scheduleAuditKeyword"
          keyword={view.keyword}
          placeholder={t('searchPlaceholder')}
          width={240}
          onSearch={(keyword) => update({ keyword })}
        />
      </Flex>
      <Tabs
        activeKey={tab}
        // Each list sorts by its own columns: a change of tab starts unsorted.
        onChange={(key) => update({ tab: key === 'content' ? key : null, sort: null })}
        items={[
          { key: 'schedules', label: t('audit.schedules') },
          { key: 'content', label: t('audit.content') },
        ]}
      />
      {tab === 'content' ? (
        <ContentApprovals view={view} query={base} update={update} />
      ) : (
        <ListTable<ScheduleSummary>
          className="schedule-table"
          columns={columns}
          list={list}
          loading={list.isPending || transition.isPending}
          view={view}
          update={update}
          totalText={(total) => t('total', { total })}
          emptyText={<NothingWaiting keyword={view.keyword} text={t('empty.noneWaiting')} />}
        />
      )}
      <RejectDialog
        target={rejecting}
        reject={reject}
        done={t('rejected')}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
