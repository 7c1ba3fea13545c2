import {
  AuditOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  RollbackOutlined,
  SendOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  APPROVAL_STATES,
  type ApprovalState,
  BUILT_SCHEDULE_TYPES,
  type ScheduleSummary,
} from '@vitrine/contract';
import { Button, Empty, Flex, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { SearchSelect } from '../../../components/SearchSelect';
import { useLayoutMode } from '../../../lib/layout-mode';
import { sortOrderOf, tableView, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permissions';
import { UpgradeTips } from '../../ota/ui';
import { useDeleteSchedule, useDeviceOptions, useScheduleList } from '../api';
import { ApprovalSwitch } from '../components/ApprovalSwitch';
import { useConfirmedTransition } from '../confirm-transition';
import { refreshScheduleDots } from '../dots';
import {
  NeedsConfirmTag,
  PushSummary,
  SCHEDULE_PATHS,
  ScheduleStatusTag,
  usePeriod,
  useTypeLabel,
} from '../labels';
import '../schedule.css';
import { Name } from '../../../components/Name';

const FILTERS = ['device_id'] as const;
const SORTABLE = ['name', 'updated_at', 'start_date', 'priority'] as const;
/** States in which a schedule can be edited and submitted (again). */
const OPEN_STATES: readonly ApprovalState[] = ['draft', 'rejected', 'withdrawn'];

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

/**
 * /schedule/live: the schedules with their status and push status, filtered by state, type,
 * device and keyword (all in the address, which keeps any other parameter it carries), and the
 * actions each state allows.
 */
export function ScheduleLivePage() {
  const { t } = useTranslation(['schedule', 'common']);
  const { mobile } = useLayoutMode();
  const navigate = useNavigate();
  const dateTime = useDateTime();
  const typeLabel = useTypeLabel();
  const period = usePeriod();
  const { view, query: base, update, params } = useListView(FILTERS);
  const state = oneOf(APPROVAL_STATES, params.get('state'));
  const type = oneOf(BUILT_SCHEDULE_TYPES, params.get('type'));
  // ntc=1 (or true): only those waiting for the caller's approval, as a shared link may ask.
  const ntc = ['1', 'true'].includes(params.get('ntc') ?? '') ? true : undefined;
  const query = useMemo(() => ({ ...base, state, type, ntc }), [base, state, type, ntc]);
  const list = useScheduleList(query);
  const devices = useDeviceOptions();
  const remove = useDeleteSchedule();
  const { transition, confirmTransition } = useConfirmedTransition();
  const canAdd = usePermission('schedule:add');
  const canEdit = usePermission('schedule:info');
  const canAudit = usePermission('schedule:audit');

  const submit = (schedule: ScheduleSummary) =>
    transition.mutate(
      { id: schedule.id, action: 'submit' },
      {
        onSuccess: (saved) =>
          notify({
            type: 'success',
            title: t(
              saved.state === 'approved' ? 'contract:schedule.published' : 'contract:schedule.submitted',
            ),
          }),
      },
    );

  const withdraw = (schedule: ScheduleSummary) => confirmTransition(schedule, 'withdraw');

  const askDelete = (schedule: ScheduleSummary) =>
    confirmDelete({
      content: t('deleteConfirm', { name: schedule.name }),
      onOk: () =>
        remove.mutateAsync(schedule.id).then(
          () => {
            notify({ type: 'success', title: t('deleted') });
            refreshScheduleDots();
          },
          () => undefined,
        ),
    });

  const sorted = (column: (typeof SORTABLE)[number]) => ({
    sorter: true,
    sortOrder: sortOrderOf(view.sort, column),
  });

  const columns: TableProps<ScheduleSummary>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sorted('name'),
      render: (_, schedule) => (
        <Space size={4} wrap>
          <Name>{schedule.name}</Name>
          {schedule.ntc ? <NeedsConfirmTag /> : null}
        </Space>
      ),
    },
    {
      title: t('field.type'),
      dataIndex: 'type',
      render: (value: string) => (
        <Tag icon={value === 'insert' ? <ThunderboltOutlined /> : undefined}>{typeLabel(value)}</Tag>
      ),
    },
    {
      title: t('field.status'),
      key: 'status',
      render: (_, schedule) => <ScheduleStatusTag schedule={schedule} />,
    },
    {
      title: t('field.push'),
      key: 'push',
      render: (_, schedule) => <PushSummary push={schedule.push} />,
    },
    {
      title: t('field.period'),
      dataIndex: 'start_date',
      ...sorted('start_date'),
      render: (_, schedule) => <span className="schedule-nowrap">{period(schedule)}</span>,
    },
    { title: t('field.devices'), dataIndex: 'device_count' },
    { title: t('field.priority'), dataIndex: 'priority', ...sorted('priority') },
    { title: t('field.creator'), dataIndex: 'creator_name', render: (name: string | null) => name ?? '—' },
    { title: t('field.updatedAt'), dataIndex: 'updated_at', ...sorted('updated_at'), render: dateTime },
    {
      title: t('field.actions'),
      key: 'actions',
      // Always in view, on a phone too: the other columns scroll beneath it.
      fixed: 'end',
      render: (_, schedule) => {
        const open = OPEN_STATES.includes(schedule.state);
        const live = schedule.state === 'pending' || schedule.state === 'approved';
        return (
          <Space size={0}>
            {schedule.ntc && canAudit ? (
              <IconAction
                label={t('action.review', { name: schedule.name })}
                icon={<AuditOutlined />}
                onClick={() => navigate(SCHEDULE_PATHS.approval(schedule.id))}
              />
            ) : null}
            {canAudit ? (
              <IconAction
                label={t('action.preview', { name: schedule.name })}
                icon={<EyeOutlined />}
                onClick={() => navigate(SCHEDULE_PATHS.view(schedule.id))}
              />
            ) : null}
            {canEdit && schedule.state !== 'pending' ? (
              <IconAction
                label={t('action.edit', { name: schedule.name })}
                icon={<EditOutlined />}
                onClick={() => navigate(SCHEDULE_PATHS.edit(schedule.id))}
              />
            ) : null}
            {canAdd && open ? (
              <IconAction
                label={t('action.submit', { name: schedule.name })}
                icon={<SendOutlined />}
                onClick={() => submit(schedule)}
              />
            ) : null}
            {canAdd && live ? (
              <IconAction
                label={t('action.withdrawNamed', { name: schedule.name })}
                icon={<RollbackOutlined />}
                onClick={() => withdraw(schedule)}
              />
            ) : null}
            {canAdd || canEdit ? (
              <IconAction
                label={t('action.delete', { name: schedule.name })}
                icon={<DeleteOutlined />}
                onClick={() => askDelete(schedule)}
                danger
              />
            ) : null}
          </Space>
        );
      },
    },
  ];

  const filtered = Boolean(query.keyword || state || type || query.device_id || ntc);
  const empty = filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.noMatch')} />
  ) : (
    <Empty description={t('empty.none')}>
      {canAdd ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(SCHEDULE_PATHS.add)}>
          {t('action.add')}
        </Button>
      ) : null}
    </Empty>
  );
  const width = mobile ? '100%' : 180;

  return (
    <>
      <PageHeader
        title={t('common:route.scheduleLive')}
        extra={
          <>
            <ApprovalSwitch compact />
            {canAdd ? (
              <>
                <Button
                  id="addSchedule"
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => navigate(SCHEDULE_PATHS.add)}
                >
                  {t('action.add')}
                </Button>
                <Button icon={<ThunderboltOutlined />} onClick={() => navigate(SCHEDULE_PATHS.spot)}>
                  {t('action.addSpot')}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <Flex wrap gap="small" className="schedule-toolbar">
        <KeywordSearch
          id="scheduleKeyword"
          keyword={view.keyword}
          placeholder={t('searchPlaceholder')}
          width={240}
          onSearch={(keyword) => update({ keyword })}
        />
        <SearchSelect<ApprovalState>
          id="scheduleState"
          aria-label={t('field.state')}
          placeholder={t('field.state')}
          value={state}
          onChange={(value) => update({ state: value })}
          options={APPROVAL_STATES.map((value) => ({ value, label: t(`state.${value}`) }))}
          style={{ width }}
        />
        <SearchSelect<string>
          id="scheduleType"
          aria-label={t('field.type')}
          placeholder={t('field.type')}
          value={type}
          onChange={(value) => update({ type: value })}
          options={BUILT_SCHEDULE_TYPES.map((value) => ({ value, label: typeLabel(value) }))}
          style={{ width }}
        />
        <SearchSelect<number>
          id="scheduleDevice"
          aria-label={t('field.device')}
          placeholder={t('field.device')}
          value={query.device_id}
          loading={devices.isPending}
          onChange={(value) => update({ device_id: value })}
          options={devices.data ?? []}
          style={{ width: mobile ? '100%' : 220 }}
        />
      </Flex>
      <Table<ScheduleSummary>
        rowKey="id"
        className="schedule-table"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isPending || transition.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
        {...tableView<ScheduleSummary>(view, update, list.data?.total ?? 0, (total) => t('total', { total }))}
      />
      {list.isError ? <Typography.Text type="danger">{t('loadFailed')}</Typography.Text> : null}
      <UpgradeTips />
    </>
  );
}
