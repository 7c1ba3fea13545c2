import { type DeviceStatistic, STORAGE_PER_DEVICE_BYTES, STORAGE_SHARED_BYTES } from '@vitrine/contract';
import { Col, Flex, Progress, Row, Statistic, Typography } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShell } from '../../../app/layout/use-shell';
import { leftToRight } from '../../../lib/bidi';
import { formatSize } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { usePermission } from '../../../lib/permissions';
import { useStatistic } from '../api';
import { LICENSE_PAGE, LicenseSummary, noLicenses } from './LicenseSummary';
import { noScreens, OtaSummary } from './OtaSummary';
import { StatisticCard } from './StatisticCard';

// The dashboard's headline figures: one card per statistic the caller's role deals with.

/** One headline card in its grid cell. */
function Figure<T>({ xl, ...card }: ComponentProps<typeof StatisticCard<T>> & { xl: number }) {
  return (
    <Col xs={24} sm={12} xl={xl}>
      <StatisticCard {...card} className="home__figure" />
    </Col>
  );
}

const noDevices = (data: DeviceStatistic) => data.total === 0;

export function Figures() {
  const { t } = useTranslation(['home', 'contract']);
  const { language } = useLanguage();
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const total = (value: number) => <Statistic value={value} formatter={() => number(value)} />;
  const showContent = usePermission('res');
  const showSchedules = usePermission('schedule');
  const showUsers = usePermission(['team:user:list', 'team:cus:list']);
  const showDevices = usePermission('device');
  const devices = useStatistic('device', showDevices);
  const content = useStatistic('content', showContent);
  const schedules = useStatistic('schedule', showSchedules);
  const users = useStatistic('user', showUsers);
  const oss = useStatistic('oss');
  const licenses = useStatistic('license');
  const ota = useStatistic('ota', showDevices);
  const { opens } = useShell();
  // A card links to its page only where the user may open it (a platform account counts screens
  // but has no device list).
  const linkTo = (path: string, text: string) => (opens(path) ? <Link to={path}>{text}</Link> : undefined);

  return (
    <Row gutter={[16, 16]}>
      {showDevices ? (
        <Figure
          xl={showContent ? 6 : 8}
          title={t('devices.title')}
          query={devices}
          isEmpty={noDevices}
          extra={linkTo('/device/list', t('devices.open'))}
        >
          {(data) => (
            <Flex vertical gap={8}>
              {total(data.total)}
              <Progress
                percent={data.total ? Math.round((data.online / data.total) * 100) : 0}
                size="small"
                aria-label={t('devices.online')}
              />
              <Typography.Text type="secondary">
                {t('devices.online')}: <bdi>{number(data.online)}</bdi> · {t('devices.offline')}:{' '}
                <bdi>{number(data.offline)}</bdi>
                {data.unconfirmed ? (
                  <>
                    {' '}
                    · {t('devices.unconfirmed')}: <bdi>{number(data.unconfirmed)}</bdi>
                  </>
                ) : null}
              </Typography.Text>
            </Flex>
          )}
        </Figure>
      ) : null}
      {showDevices ? (
        <Figure
          xl={showContent ? 6 : 8}
          title={t('ota.title')}
          query={ota}
          isEmpty={noScreens}
          extra={linkTo('/device/ota', t('ota.open'))}
        >
          {(data) => <OtaSummary data={data} />}
        </Figure>
      ) : null}
      {licenses.data?.holder === 'none' ? null : (
        <Figure
          xl={showContent ? 6 : 8}
          title={t('licenses.title')}
          query={licenses}
          isEmpty={noLicenses}
          extra={licenses.data ? linkTo(LICENSE_PAGE[licenses.data.holder], t('licenses.open')) : undefined}
        >
          {(data) => <LicenseSummary data={data} />}
        </Figure>
      )}
      {showContent ? (
        <Figure
          xl={6}
          title={t('content.title')}
          query={content}
          extra={linkTo('/content', t('content.open'))}
        >
          {(data) => (
            <Flex vertical gap={8}>
              {total(data.total)}
              <Typography.Text type="secondary">
                {t('content.size')}: <bdi>{formatSize(data.total_size)}</bdi>
              </Typography.Text>
              {data.recycled ? (
                <Typography.Text type="secondary">
                  {t('content.recycled', { count: data.recycled, size: formatSize(data.recycled_size) })}
                </Typography.Text>
              ) : null}
            </Flex>
          )}
        </Figure>
      ) : null}
      {showSchedules ? (
        <Figure
          xl={6}
          title={t('schedules.title')}
          query={schedules}
          extra={linkTo('/schedule/live', t('schedules.open'))}
        >
          {(data) => {
            const pending = data.by_state.find((row) => row.state === 'pending')?.count ?? 0;
            return (
              <Flex vertical gap={8}>
                {total(data.total)}
                <Typography.Text type="secondary">
                  {t('schedules.live')}: <bdi>{number(data.live)}</bdi> · {t('schedules.upcoming')}:{' '}
                  <bdi>{number(data.upcoming)}</bdi>
                </Typography.Text>
                {pending ? (
                  <Typography.Text type="warning">
                    {t('schedules.pending')}: <bdi>{number(pending)}</bdi>
                  </Typography.Text>
                ) : null}
              </Flex>
            );
          }}
        </Figure>
      ) : null}
      {showUsers && !showContent ? (
        <Figure xl={8} title={t('users.title')} query={users}>
          {(data) => {
            const active = data.by_status.find((row) => row.status === 1)?.count ?? 0;
            return (
              <Flex vertical gap={8}>
                {total(data.total)}
                <Typography.Text type="secondary">
                  {t('users.active')}: <bdi>{number(active)}</bdi>
                </Typography.Text>
              </Flex>
            );
          }}
        </Figure>
      ) : null}
      <Figure
        xl={showContent ? 6 : 8}
        title={t('storage.title')}
        query={oss}
        isEmpty={(data) => data.companies === 0}
      >
        {(data) => (
          <Flex vertical gap={8}>
            <Progress
              type="dashboard"
              size={96}
              aria-label={t('storage.title')}
              percent={
                data.total_size ? Math.min(100, Math.round((data.used_size / data.total_size) * 100)) : 0
              }
              status={data.available_size === 0 ? 'exception' : undefined}
            />
            <Typography.Text>
              <bdi>
                {t('storage.usedOf', {
                  used: formatSize(data.used_size),
                  total: formatSize(data.total_size),
                })}
              </bdi>
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('storage.available', { size: formatSize(data.available_size) })}
            </Typography.Text>
            {/* Where the total comes from: the shared space plus 1 GB per device licensed now. */}
            <Typography.Text type="secondary">
              {t('storage.quota', {
                base: leftToRight(formatSize(STORAGE_SHARED_BYTES * data.companies)),
                per: leftToRight(formatSize(STORAGE_PER_DEVICE_BYTES)),
                count: data.licensed_devices,
              })}
            </Typography.Text>
            {data.companies > 1 ? (
              <Typography.Text type="secondary">
                {t('storage.companies', { count: data.companies })}
              </Typography.Text>
            ) : null}
          </Flex>
        )}
      </Figure>
    </Row>
  );
}
