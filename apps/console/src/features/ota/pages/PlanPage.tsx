import {
  EyeOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  RedoOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { OTA_PLAN_STATUSES, type OtaPlanItem, type OtaPlanStatus } from '@vitrine/contract';
import { Button, Flex, Select, Space, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { ListPage } from '../../../components/ListPage';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { leftToRight } from '../../../lib/bidi';
import { sortOrderOf, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { PlanCreateDrawer } from '../components/PlanCreateDrawer';
import { PlanDetailDrawer } from '../components/PlanDetailDrawer';
import { PlanProgress } from '../components/PlanProgress';
import { PlanStatusTag, useTargetsText, useTimingText } from '../components/plan-labels';
import { type PlanAction, usePlanAction, usePlanList } from '../plans';

const NO_FILTERS = [] as const;

const statusOf = (raw: string | null): OtaPlanStatus | undefined =>
  (OTA_PLAN_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as OtaPlanStatus) : undefined;
const planOf = (raw: string | null): number | null => {
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /ota/plan: the platform's upgrade plans with each one's progress, filtered by status; a new
 * plan; pause, resume, cancel and retry from the row; a plan's devices in its details
 * (`?plan=<id>` in the address).
 */
export function PlanPage() {
  const { t } = useTranslation(['ota', 'common']);
  const dateTime = useDateTime();
  const timingText = useTimingText();
  const targetsText = useTargetsText();
  const { view, query, update, params } = useListView(NO_FILTERS);
  const status = statusOf(params.get('status'));
  const list = usePlanList({ ...query, status });
  const act = usePlanAction();
  const [creating, setCreating] = useState(false);
  const detail = planOf(params.get('plan'));
  /** The details open over the list as it is (its page kept). */
  const openPlan = (id: number | null) => update({ plan: id, page: view.page });

  const acted = (action: PlanAction) => () => notify({ type: 'success', title: t(`plan.acted.${action}`) });
  const run = (action: PlanAction, plan: OtaPlanItem) =>
    act.mutate({ action, id: plan.id }, { onSuccess: acted(action) });
  const askCancel = (plan: OtaPlanItem) =>
    confirmAction({
      content: t('plan.cancelConfirm', { name: plan.name }),
      okText: t('plan.cancelOk'),
      danger: true,
      // A refusal is the call's notice: the dialog closes either way.
      onOk: () => act.mutateAsync({ action: 'cancel', id: plan.id }).then(acted('cancel'), () => undefined),
    });

  const sorted = (column: string) => ({
    sorter: true,
    sortOrder: sortOrderOf(view.sort ?? 'created_at,desc', column),
  });
  const columns: TableProps<OtaPlanItem>['columns'] = [
    {
      title: t('plan.field.name'),
      dataIndex: 'name',
      ...sorted('name'),
      render: (name: string, plan) => (
        <Space direction="vertical" size={0}>
          <Typography.Link onClick={() => openPlan(plan.id)}>
            <Name>{name}</Name>
          </Typography.Link>
          {/* A plan a company's owner or user admin made by approving upgrades on /device/ota. */}
          {plan.company_name ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('plan.approvedBy')} <Name>{plan.company_name}</Name>
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('plan.field.package'),
      key: 'package',
      render: (_, plan) => <Typography.Text strong>{leftToRight(plan.package.version)}</Typography.Text>,
    },
    { title: t('plan.field.targets'), key: 'targets', render: (_, plan) => targetsText(plan) },
    { title: t('plan.field.total'), dataIndex: 'total', align: 'end' },
    {
      title: t('plan.field.mandatory'),
      dataIndex: 'mandatory',
      render: (mandatory: boolean) =>
        mandatory ? <Tag color="red">{t('plan.mandatory')}</Tag> : <Tag>{t('plan.optional')}</Tag>,
    },
    { title: t('plan.field.timing'), key: 'timing', render: (_, plan) => timingText(plan) },
    {
      title: t('plan.field.status'),
      dataIndex: 'status',
      render: (value: OtaPlanStatus) => <PlanStatusTag status={value} />,
    },
    {
      title: t('plan.field.progress'),
      key: 'progress',
      render: (_, plan) => <PlanProgress counts={plan.counts} total={plan.total} />,
    },
    {
      title: t('plan.field.created'),
      dataIndex: 'created_at',
      ...sorted('created_at'),
      render: (createdAt: string, plan) => (
        <Space direction="vertical" size={0}>
          {leftToRight(dateTime(createdAt))}
          {plan.created_by ? (
            <Typography.Text type="secondary">
              <Name>{plan.created_by}</Name>
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('plan.field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, plan) => (
        <Space size={0}>
          <IconAction
            label={t('plan.action.details', { name: plan.name })}
            icon={<EyeOutlined />}
            onClick={() => openPlan(plan.id)}
          />
          {plan.status === 'running' ? (
            <IconAction
              label={t('plan.action.pause', { name: plan.name })}
              icon={<PauseCircleOutlined />}
              onClick={() => run('pause', plan)}
            />
          ) : null}
          {plan.status === 'paused' ? (
            <IconAction
              label={t('plan.action.resume', { name: plan.name })}
              icon={<PlayCircleOutlined />}
              onClick={() => run('resume', plan)}
            />
          ) : null}
          {plan.counts.failed > 0 && plan.status !== 'cancelled' ? (
            <IconAction
              label={t('plan.action.retry', { name: plan.name })}
              icon={<RedoOutlined />}
              onClick={() => run('retry', plan)}
            />
          ) : null}
          {plan.status === 'running' || plan.status === 'paused' ? (
            <IconAction
              label={t('plan.action.cancel', { name: plan.name })}
              icon={<StopOutlined />}
              danger
              onClick={() => askCancel(plan)}
            />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <ListPage<OtaPlanItem>
      title={t('common:route.otaPlan')}
      extra={
        <Flex wrap gap="small">
          <Select<OtaPlanStatus>
            allowClear
            aria-label={t('plan.filterStatus')}
            placeholder={t('plan.filterStatus')}
            style={{ minInlineSize: 160 }}
            value={status}
            onChange={(value) => update({ status: value ?? null })}
            options={OTA_PLAN_STATUSES.map((value) => ({ value, label: t(`plan.status.${value}`) }))}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('plan.add')}
          </Button>
        </Flex>
      }
      search={{ id: 'ota-plan-search', placeholder: t('plan.searchPlaceholder') }}
      view={view}
      update={update}
      table={{
        columns,
        list,
        totalText: (total) => t('total', { total }),
        emptyText: t('plan.empty'),
      }}
    >
      <PlanCreateDrawer open={creating} onClose={() => setCreating(false)} />
      <PlanDetailDrawer id={detail} onClose={() => openPlan(null)} />
    </ListPage>
  );
}
