import type { LicenseStatistic } from '@vitrine/contract';
import { Flex, Progress, Statistic, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { leftToRight } from '../../../lib/bidi';
import { useLanguage } from '../../../lib/i18n';

// The dashboard's licence card body: what the caller's holder has (GET dashboard/license-statistic).

/** Where each holder acts on its licences. */
export const LICENSE_PAGE = {
  platform: '/license/commercial-sy',
  customer: '/license/commercial-cus',
  company: '/license/commercial-owner',
} as const;

/** Nothing to count: no licences and, for a company, no screens. */
export function noLicenses(data: LicenseStatistic) {
  switch (data.holder) {
    case 'platform':
      return data.by_type.every((row) => row.issued === 0);
    case 'customer':
      return data.quantity === 0 && data.devices === 0;
    case 'company':
      return data.quantity === 0 && data.licensed + data.expired + data.unlicensed === 0;
    default:
      return true;
  }
}

type Figure = { label: string; value: number; type?: 'warning' | 'danger' };

export function LicenseSummary({ data }: { data: LicenseStatistic }) {
  const { t } = useTranslation('home');
  const { language } = useLanguage();
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const headline = (title: string, value: number) => (
    <Statistic title={title} value={value} formatter={() => <bdi>{number(value)}</bdi>} />
  );
  const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);
  // "Label: n · Label: n" on one line; a figure that needs attention in its colour.
  const line = (figures: Figure[]) => (
    <Typography.Text type="secondary">
      {figures.map((figure, index) => (
        <Fragment key={figure.label}>
          {index > 0 ? ' · ' : null}
          <Typography.Text type={figure.value > 0 ? (figure.type ?? 'secondary') : 'secondary'}>
            {figure.label}: <bdi>{number(figure.value)}</bdi>
          </Typography.Text>
        </Fragment>
      ))}
    </Typography.Text>
  );

  let body: ReactNode = null;
  if (data.holder === 'platform') {
    const sum = (key: 'issued' | 'available' | 'customers' | 'devices') =>
      data.by_type.reduce((total, row) => total + row[key], 0);
    body = (
      <>
        {headline(t('licenses.issued'), sum('issued'))}
        {line([
          { label: t('licenses.available'), value: sum('available') },
          { label: t('licenses.customers'), value: sum('customers') },
          { label: t('licenses.devices'), value: sum('devices') },
        ])}
        {line(data.by_type.map((row) => ({ label: t(`licenses.type.${row.type}`), value: row.issued })))}
      </>
    );
  } else if (data.holder === 'customer') {
    body = (
      <>
        {headline(t('licenses.received'), data.quantity)}
        <Progress
          percent={percent(data.assigned, data.quantity)}
          size="small"
          aria-label={t('licenses.companies')}
        />
        {line([
          { label: t('licenses.companies'), value: data.assigned },
          { label: t('licenses.available'), value: data.available },
        ])}
        {line([{ label: t('licenses.licensedScreens'), value: data.devices }])}
      </>
    );
  } else if (data.holder === 'company') {
    const screens = data.licensed + data.expired + data.unlicensed;
    body = (
      <>
        {headline(t('licenses.licensedScreens'), data.licensed)}
        <Progress
          percent={percent(data.licensed, screens)}
          size="small"
          status={data.expired ? 'exception' : undefined}
          aria-label={t('licenses.licensedScreens')}
        />
        {line([
          {
            label: t('licenses.expiring', {
              count: data.remind_days,
              days: leftToRight(number(data.remind_days)),
            }),
            value: data.expiring,
            type: 'warning',
          },
        ])}
        {line([
          { label: t('licenses.expired'), value: data.expired, type: 'danger' },
          { label: t('licenses.unlicensed'), value: data.unlicensed, type: 'warning' },
        ])}
        {line([{ label: t('licenses.toBind'), value: data.available }])}
      </>
    );
  }
  return (
    <Flex vertical gap={8}>
      {body}
    </Flex>
  );
}
