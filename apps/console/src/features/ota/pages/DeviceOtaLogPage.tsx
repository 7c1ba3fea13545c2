import { OTA_DEVICE_STATES, type OtaDeviceState, type OtaLogItem, PLATFORM_ROLES } from '@vitrine/contract';
import { DatePicker, Flex, Select, Space, Table, type TableProps, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { PageHeader } from '../../../components/PageHeader';
import { leftToRight } from '../../../lib/bidi';
import { tableView, useListView } from '../../../lib/list-params';
import { hasRole } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useReasonText } from '../components/plan-labels';
import { UpgradeState } from '../components/UpgradeState';
import { useOtaLog } from '../upgrades';

const DAY = 'YYYY-MM-DD';
/** The states an approved upgrade can be in (a skipped device was never approved). */
const STATES = OTA_DEVICE_STATES.filter((state) => state !== 'skipped');

/**
 * /device/ota/log: the approved upgrades of the caller's devices, newest first (docs/ota.md "The
 * approved history"): from → to version, state, who approved and when, when it ended. Filters by
 * state, device name or signage ID, and the days of approval (the caller's local days).
 */
export function DeviceOtaLogPage() {
  const { t, i18n } = useTranslation(['ota-device', 'common']);
  const dateTime = useDateTime();
  const reasonText = useReasonText();
  const { view, query, update, params } = useListView([]);
  // The platform's roles see every company's devices, so each row names its company.
  const platform = hasRole(useSession().user?.role_id, PLATFORM_ROLES);
  const state = (STATES as readonly string[]).includes(params.get('state') ?? '')
    ? (params.get('state') as OtaDeviceState)
    : undefined;
  const from = dayjs(params.get('from') ?? '', DAY, true);
  const to = dayjs(params.get('to') ?? '', DAY, true);
  const range = from.isValid() && to.isValid() && !to.isBefore(from) ? ([from, to] as const) : null;
  // The caller's local days, sent as moments (react-query compares the query by value).
  const log = useOtaLog({
    ...query,
    state,
    from: range ? range[0].startOf('day').toISOString() : undefined,
    to: range ? range[1].endOf('day').toISOString() : undefined,
  });

  const columns: TableProps<OtaLogItem>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'device_name',
      render: (name: string) => <Name>{name}</Name>,
    },
    {
      title: t('field.signageId'),
      dataIndex: 'signage_id',
      render: (signageId: string) => leftToRight(signageId),
    },
    ...(platform
      ? [
          {
            title: t('field.company'),
            dataIndex: 'company_name',
            render: (company: string | null) => (company ? <Name>{company}</Name> : '—'),
          },
        ]
      : []),
    {
      title: t('field.versions'),
      key: 'versions',
      render: (_, row) => (
        // Each version isolated left to right; the arrow points the way the page reads.
        <span className="ota-log-versions">
          {row.from_version ? <bdi dir="ltr">{row.from_version}</bdi> : t('unknownVersion')}
          {i18n.dir() === 'rtl' ? ' ← ' : ' → '}
          <bdi dir="ltr">{row.to_version}</bdi>
        </span>
      ),
    },
    {
      title: t('field.state'),
      dataIndex: 'state',
      render: (value: OtaDeviceState, row) => (
        <Space direction="vertical" size={0}>
          <UpgradeState state={value} />
          {value === 'failed' && (row.reason_code || row.reason) ? (
            <Typography.Text type="secondary" style={{ maxInlineSize: 240 }}>
              {reasonText(row)}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('field.approvedBy'),
      dataIndex: 'approved_by',
      render: (name: string | null) => (name ? <Name>{name}</Name> : '—'),
    },
    {
      title: t('field.approvedAt'),
      dataIndex: 'approved_at',
      sorter: true,
      sortOrder: view.sort === 'approved_at,asc' ? 'ascend' : 'descend',
      render: (at: string) => leftToRight(dateTime(at)),
    },
    {
      title: t('field.finishedAt'),
      dataIndex: 'finished_at',
      render: (at: string | null) => (at ? leftToRight(dateTime(at)) : '—'),
    },
  ];

  return (
    <>
      <PageHeader title={t('common:route.deviceOtaLog')} />
      <Flex wrap align="center" gap="middle" style={{ marginBottom: 16 }}>
        <KeywordSearch
          id="device-ota-log-search"
          keyword={view.keyword}
          placeholder={t('log.searchPlaceholder')}
          width={280}
          onSearch={(keyword) => update({ keyword })}
        />
        <Select<OtaDeviceState>
          allowClear
          aria-label={t('log.state')}
          placeholder={t('log.state')}
          style={{ minInlineSize: 180 }}
          value={state}
          options={STATES.map((value) => ({ value, label: t(`state.${value}`) }))}
          onChange={(value) => update({ state: value ?? null })}
        />
        <DatePicker.RangePicker
          aria-label={t('log.range')}
          value={range ? [range[0], range[1]] : null}
          onChange={(picked) =>
            update({
              from: picked?.[0] ? picked[0].format(DAY) : null,
              to: picked?.[1] ? picked[1].format(DAY) : null,
            })
          }
        />
      </Flex>
      <Table<OtaLogItem>
        rowKey={(row) => `${row.plan_id}-${row.device_id}`}
        columns={columns}
        dataSource={log.data?.list}
        loading={log.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('log.empty') }}
        {...tableView<OtaLogItem>(view, update, log.data?.total ?? 0, (total) => t('log.total', { total }))}
      />
    </>
  );
}
