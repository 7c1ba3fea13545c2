import { ThunderboltOutlined } from '@ant-design/icons';
import { OTA_DEVICE_STATES, type OtaDeviceState, type OtaPlanDevice } from '@vitrine/contract';
import {
  Badge,
  Button,
  ConfigProvider,
  Descriptions,
  Drawer,
  Flex,
  Select,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { leftToRight } from '../../../lib/bidi';
import { useLayoutMode } from '../../../lib/layout-mode';
import { DEFAULT_PAGE_SIZE } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { useInstallNow, usePlanDetail, usePlanDevices } from '../plans';
import { PlanProgress, STATE_COLORS } from './PlanProgress';
import { PlanStatusTag, useReasonText, useTargetsText, useTimingText } from './plan-labels';

/** Wide enough for the devices' table beside the list. */
const DETAIL_WIDTH = 960;

type Filter = { state?: OtaDeviceState; keyword?: string; page: number; page_size: number };
const FIRST_PAGE: Filter = { page: 1, page_size: DEFAULT_PAGE_SIZE };

type Props = { id: number | null; onClose: () => void };

/**
 * A plan's details: its fields and progress, and its devices by state, paged, with why a device
 * failed or was skipped. Waiting devices may be told to install now. Read again every few seconds
 * while the plan runs.
 */
export function PlanDetailDrawer({ id, onClose }: Props) {
  const { t } = useTranslation('ota');
  const { mobile } = useLayoutMode();
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const dateTime = useDateTime();
  const timingText = useTimingText();
  const targetsText = useTargetsText();
  const reasonText = useReasonText();
  const [filter, setFilter] = useState<Filter>(FIRST_PAGE);
  const [selected, setSelected] = useState<number[]>([]);
  const plan = usePlanDetail(id);
  const item = plan.data;
  const open = item?.status === 'running' || item?.status === 'paused';
  const devices = usePlanDevices(id, filter, item?.status === 'running');
  const installNow = useInstallNow();

  const close = () => {
    setFilter(FIRST_PAGE);
    setSelected([]);
    onClose();
  };
  const refilter = (patch: Partial<Filter>) => {
    setFilter((current) => ({ ...current, page: 1, ...patch }));
    setSelected([]);
  };
  const install = () =>
    id !== null &&
    installNow.mutate(
      { id, deviceIds: selected },
      {
        onSuccess: () => {
          setSelected([]);
          notify({ type: 'success', title: t('plan.installNowDone') });
        },
      },
    );

  const columns: TableProps<OtaPlanDevice>['columns'] = [
    {
      title: t('plan.field.device'),
      dataIndex: 'device_name',
      render: (name: string) => <Name>{name}</Name>,
    },
    {
      title: t('plan.field.signageId'),
      dataIndex: 'signage_id',
      render: (signageId: string) => leftToRight(signageId),
    },
    {
      title: t('plan.field.company'),
      dataIndex: 'company_name',
      render: (name: string | null) => (name ? <Name>{name}</Name> : '—'),
    },
    {
      title: t('plan.field.workspace'),
      dataIndex: 'group_name',
      render: (name: string | null) => (name ? <Name>{name}</Name> : '—'),
    },
    {
      title: t('plan.field.version'),
      dataIndex: 'system_version',
      render: (version: string | null) => (version ? leftToRight(version) : '—'),
    },
    {
      title: t('plan.field.timezone'),
      dataIndex: 'timezone',
      render: (zone: string | null) => (zone ? leftToRight(zone) : t('plan.utc')),
    },
    {
      title: t('plan.field.state'),
      dataIndex: 'state',
      render: (state: OtaDeviceState, device) => (
        <Flex vertical gap={0}>
          <Badge status={STATE_COLORS[state]} text={t(`plan.state.${state}`)} />
          {device.mandatory && !item?.mandatory ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('plan.forced')}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: t('plan.field.reason'), key: 'reason', render: (_, device) => reasonText(device) ?? '—' },
  ];

  return (
    <Drawer
      open={id !== null}
      onClose={close}
      title={item ? t('plan.detail', { name: item.name }) : t('plan.detailLoading')}
      placement={direction === 'rtl' ? 'left' : 'right'}
      size={mobile ? '100%' : DETAIL_WIDTH}
      destroyOnHidden
      loading={!item && !plan.isError}
    >
      {/* A plan that is not there (a stale or mistyped link): its refusal, not a spinner forever. */}
      <ErrorAlert error={item ? null : plan.error} />
      {item ? (
        <Flex vertical gap="middle">
          <Descriptions size="small" column={mobile ? 1 : 2} bordered>
            <Descriptions.Item label={t('plan.field.package')}>
              <Typography.Text strong>{leftToRight(item.package.version)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('plan.field.status')}>
              <PlanStatusTag status={item.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('plan.field.mandatory')}>
              {t(item.mandatory ? 'plan.mandatory' : 'plan.optional')}
            </Descriptions.Item>
            <Descriptions.Item label={t('plan.field.timing')}>{timingText(item)}</Descriptions.Item>
            <Descriptions.Item label={t('plan.field.created')}>
              {leftToRight(dateTime(item.created_at))}
              {item.created_by ? (
                <>
                  {' · '}
                  <Name>{item.created_by}</Name>
                </>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('plan.field.targets')}>{targetsText(item)}</Descriptions.Item>
            <Descriptions.Item label={t('plan.field.total')}>{item.total}</Descriptions.Item>
            {item.description ? (
              <Descriptions.Item label={t('plan.field.description')} span={mobile ? 1 : 2}>
                <Name>{item.description}</Name>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <PlanProgress counts={item.counts} total={item.total} width={mobile ? 260 : 420} />
          <Flex wrap gap="small" align="center">
            <Select<OtaDeviceState | 'all'>
              aria-label={t('plan.field.state')}
              value={filter.state ?? 'all'}
              style={{ minInlineSize: 200 }}
              onChange={(state) => refilter({ state: state === 'all' ? undefined : state })}
              options={[
                { value: 'all', label: t('plan.allStates', { n: item.total }) },
                ...OTA_DEVICE_STATES.map((state) => ({
                  value: state,
                  label: t('plan.labelCount', { label: t(`plan.state.${state}`), n: item.counts[state] }),
                })),
              ]}
            />
            <KeywordSearch
              id="ota-plan-device-search"
              keyword={filter.keyword}
              placeholder={t('plan.searchDevices')}
              width={260}
              onSearch={(keyword) => refilter({ keyword: keyword || undefined })}
            />
            {open ? (
              <Button
                icon={<ThunderboltOutlined />}
                disabled={selected.length === 0}
                loading={installNow.isPending}
                onClick={install}
                title={t('plan.installNowHint')}
              >
                {t('plan.action.installNow')}
              </Button>
            ) : null}
          </Flex>
          <Table<OtaPlanDevice>
            rowKey="device_id"
            size="small"
            columns={columns}
            dataSource={devices.data?.list}
            loading={devices.isFetching && !devices.data}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('plan.noDevices') }}
            rowSelection={
              open
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys as number[]),
                    getCheckboxProps: (device) => ({
                      disabled: device.state !== 'waiting',
                      'aria-label': t('plan.selectDevice', { name: device.device_name }),
                    }),
                  }
                : undefined
            }
            pagination={{
              current: filter.page,
              pageSize: filter.page_size,
              total: devices.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('total', { total }),
              onChange: (page, pageSize) =>
                setFilter((current) =>
                  pageSize !== current.page_size
                    ? { ...current, page: 1, page_size: pageSize }
                    : { ...current, page },
                ),
            }}
          />
        </Flex>
      ) : null}
    </Drawer>
  );
}
