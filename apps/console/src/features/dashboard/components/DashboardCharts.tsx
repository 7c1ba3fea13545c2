import { isRole, ROLE_NAME } from '@vitrine/contract';
import { Col, Row, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatSize } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { usePermission } from '../../../lib/permissions';
import { useStatistic } from '../api';
import { StatisticCard } from './StatisticCard';

// The dashboard's charts (recharts, loaded with /home only): screens by status, orientation and
// model, content by type, schedules by state, accounts by role. Each card has the same loading,
// failure and empty states as the figures; the data come from the figures' cached calls.

type Slice = { key: string; name: string; value: number; note?: string };
const HEIGHT = 240;
const PALETTE = [
  '#1677ff',
  '#52c41a',
  '#faad14',
  '#13c2c2',
  '#722ed1',
  '#eb2f96',
  '#fa541c',
  '#2f54eb',
  '#a0d911',
];
const STATUS_COLORS: Record<number, string> = { 0: '#faad14', 1: '#52c41a', 2: '#bfbfbf', 3: '#ff4d4f' };

const empty = (slices: Slice[]) => slices.every((slice) => slice.value === 0);

function Donut({ slices, colors }: { slices: Slice[]; colors?: (slice: Slice, index: number) => string }) {
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language);
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      {/* Out of the Tab order (unnamed stops): the legend and the card's figures say what it shows. */}
      <PieChart accessibilityLayer={false}>
        <Pie
          rootTabIndex={-1}
          data={slices}
          dataKey="value"
          nameKey="name"
          innerRadius="55%"
          outerRadius="80%"
          paddingAngle={slices.length > 1 ? 1 : 0}
          // A whole ring has no edge between slices: the white stroke would show as a seam.
          stroke={slices.length > 1 ? undefined : 'none'}
        >
          {slices.map((slice, index) => (
            <Cell key={slice.key} fill={colors?.(slice, index) ?? PALETTE[index % PALETTE.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(value) => number.format(Number(value))} />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}

function Bars({ slices, label }: { slices: Slice[]; label: string }) {
  const { language, direction } = useLanguage();
  const { token } = theme.useToken();
  const number = new Intl.NumberFormat(language);
  const rtl = direction === 'rtl';
  return (
    <ResponsiveContainer width="100%" height={Math.max(HEIGHT, slices.length * 32)}>
      <BarChart data={slices} layout="vertical" margin={{ left: 8, right: 8 }} accessibilityLayer={false}>
        <XAxis
          type="number"
          allowDecimals={false}
          reversed={rtl}
          tickFormatter={(value) => number.format(value)}
        />
        <YAxis type="category" dataKey="name" width={110} orientation={rtl ? 'right' : 'left'} />
        <Tooltip
          formatter={(value, _name, item) => {
            const note = (item.payload as Slice).note;
            return [note ? `${number.format(Number(value))} (${note})` : number.format(Number(value)), label];
          }}
        />
        <Bar dataKey="value" name={label} fill={token.colorPrimary} radius={3} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function DashboardCharts() {
  const { t } = useTranslation(['home', 'contract']);
  const showDevices = usePermission('device');
  const showContent = usePermission('res');
  const showSchedules = usePermission('schedule');
  const showUsers = usePermission(['team:user:list', 'team:cus:list']);
  const devices = useStatistic('device', showDevices);
  const content = useStatistic('content', showContent);
  const schedules = useStatistic('schedule', showSchedules);
  const users = useStatistic('user', showUsers);
  const count = t('count');

  const status = (data: NonNullable<typeof devices.data>): Slice[] =>
    data.by_status.map((row) => ({
      key: String(row.status),
      name: t(`deviceStatus.${row.status}`, { defaultValue: String(row.status) }),
      value: row.count,
    }));
  const orientation = (data: NonNullable<typeof devices.data>): Slice[] =>
    data.by_orientation.map((row) => ({
      key: String(row.orientation),
      name: t(`orientation.${row.orientation}`, { defaultValue: `${row.orientation}°` }),
      value: row.count,
    }));
  const models = (data: NonNullable<typeof devices.data>): Slice[] =>
    data.by_model.map((row) => ({
      key: row.model ?? '',
      name: row.model ?? t('devices.otherModels'),
      value: row.count,
    }));
  const types = (data: NonNullable<typeof content.data>): Slice[] =>
    data.by_type.map((row) => ({
      key: String(row.type),
      name: t(`contentType.${row.type}`, { defaultValue: String(row.type) }),
      value: row.count,
      note: formatSize(row.size),
    }));
  const states = (data: NonNullable<typeof schedules.data>): Slice[] =>
    data.by_state.map((row) => ({ key: row.state, name: t(`scheduleState.${row.state}`), value: row.count }));
  const roles = (data: NonNullable<typeof users.data>): Slice[] =>
    data.by_role.map((row) => ({
      key: String(row.role_id),
      name: isRole(row.role_id) ? t(`contract:role.${ROLE_NAME[row.role_id]}`) : String(row.role_id),
      value: row.count,
    }));

  const half = { xs: 24, lg: 12 };
  return (
    <Row gutter={[16, 16]} className="home__charts">
      {showDevices ? (
        <>
          <Col {...half}>
            <StatisticCard
              title={t('devices.byStatus')}
              query={devices}
              isEmpty={(data) => empty(status(data))}
            >
              {(data) => (
                <Donut
                  slices={status(data)}
                  colors={(slice, i) => STATUS_COLORS[Number(slice.key)] ?? PALETTE[i]}
                />
              )}
            </StatisticCard>
          </Col>
          <Col {...half}>
            <StatisticCard
              title={t('devices.byModel')}
              query={devices}
              isEmpty={(data) => empty(models(data))}
            >
              {(data) => <Bars slices={models(data)} label={count} />}
            </StatisticCard>
          </Col>
          <Col {...half}>
            <StatisticCard
              title={t('devices.byOrientation')}
              query={devices}
              isEmpty={(data) => empty(orientation(data))}
            >
              {(data) => <Donut slices={orientation(data)} />}
            </StatisticCard>
          </Col>
        </>
      ) : null}
      {showContent ? (
        <Col {...half}>
          <StatisticCard title={t('content.byType')} query={content} isEmpty={(data) => empty(types(data))}>
            {(data) => <Bars slices={types(data)} label={count} />}
          </StatisticCard>
        </Col>
      ) : null}
      {showSchedules ? (
        <Col {...half}>
          <StatisticCard
            title={t('schedules.byState')}
            query={schedules}
            isEmpty={(data) => empty(states(data))}
          >
            {(data) => <Bars slices={states(data)} label={count} />}
          </StatisticCard>
        </Col>
      ) : null}
      {showUsers ? (
        <Col {...half}>
          <StatisticCard title={t('users.byRole')} query={users} isEmpty={(data) => empty(roles(data))}>
            {(data) => <Donut slices={roles(data)} />}
          </StatisticCard>
        </Col>
      ) : null}
    </Row>
  );
}
