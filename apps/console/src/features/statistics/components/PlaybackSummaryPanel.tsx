import type { PlaybackSummary, SummaryGroup } from '@vitrine/contract';
import { Card, Col, Empty, Flex, Row, Segmented, Skeleton, Statistic, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatPlayTime, type Period } from '../period';

/** Every calendar day of the period with its plays (0 where none), oldest first. */
export function dailySeries(period: Period, days: PlaybackSummary['days'], today = dayjs()) {
  const first = period.kind === 'days' ? today.subtract(period.days - 1, 'day') : dayjs(period.from);
  const last = period.kind === 'days' ? today : dayjs(period.to);
  const byDate = new Map(days.map((day) => [day.date, day]));
  const series: { date: string; plays: number; duration_ms: number }[] = [];
  for (
    let day = first.startOf('day');
    !day.isAfter(last, 'day') && series.length < 400;
    day = day.add(1, 'day')
  ) {
    const date = day.format('YYYY-MM-DD');
    series.push(byDate.get(date) ?? { date, plays: 0, duration_ms: 0 });
  }
  return series;
}

/** Totals, plays per day as bars, and the most played contents or devices. */
export function PlaybackSummaryPanel({
  summary,
  loading,
  period,
  group,
  onGroup,
}: {
  summary: PlaybackSummary | undefined;
  loading: boolean;
  period: Period;
  group: SummaryGroup;
  onGroup: (group: SummaryGroup) => void;
}) {
  const { t } = useTranslation('statistics');
  if (!summary) return <Skeleton active paragraph={{ rows: 4 }} />;
  const series = dailySeries(period, summary.days);
  const highest = Math.max(1, ...series.map((day) => day.plays));
  const topHighest = Math.max(1, ...summary.top.map((row) => row.plays));
  return (
    <Flex vertical gap="middle" className="statistics-summary" aria-busy={loading}>
      <Row gutter={[12, 12]}>
        {(
          [
            ['plays', summary.plays.toLocaleString()],
            ['playTime', formatPlayTime(summary.duration_ms)],
            ['devices', summary.devices.toLocaleString()],
            ['contents', summary.contents.toLocaleString()],
          ] as const
        ).map(([key, value]) => (
          <Col xs={12} md={6} key={key}>
            <Card size="small">
              <Statistic title={t(`summary.${key}`)} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('summary.perDay')}>
            <div className="statistics-chart" role="img" aria-label={t('summary.perDay')}>
              {series.map((day) => (
                <Tooltip
                  key={day.date}
                  title={t('summary.dayTip', { date: day.date, plays: day.plays.toLocaleString() })}
                >
                  <div className="statistics-chart-column" data-testid={`day-${day.date}`}>
                    <div
                      className="statistics-chart-bar"
                      style={{ height: `${Math.round((day.plays / highest) * 100)}%` }}
                    />
                  </div>
                </Tooltip>
              ))}
            </div>
            <Flex justify="space-between">
              <Typography.Text type="secondary">
                <bdi>{series[0]?.date}</bdi>
              </Typography.Text>
              <Typography.Text type="secondary">
                <bdi>{series[series.length - 1]?.date}</bdi>
              </Typography.Text>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card
            size="small"
            title={t('summary.top')}
            extra={
              <Segmented<SummaryGroup>
                size="small"
                aria-label={t('summary.top')}
                value={group}
                onChange={onGroup}
                options={[
                  { value: 'content', label: t('summary.byContent') },
                  { value: 'device', label: t('summary.byDevice') },
                ]}
              />
            }
          >
            {summary.top.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
            ) : (
              <ol className="statistics-top">
                {summary.top.map((row) => (
                  <li key={row.id ?? 'builtin'}>
                    <Flex justify="space-between" gap="small">
                      <Typography.Text ellipsis dir="auto">
                        {row.name ?? (row.id === null ? t('builtIn') : t('deleted'))}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {t('summary.playsCount', { plays: row.plays.toLocaleString() })}
                      </Typography.Text>
                    </Flex>
                    <div className="statistics-top-track">
                      <div
                        className="statistics-top-bar"
                        style={{ width: `${Math.round((row.plays / topHighest) * 100)}%` }}
                      />
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
