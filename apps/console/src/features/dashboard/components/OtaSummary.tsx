import type { OtaStatistic } from '@vitrine/contract';
import { Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { leftToRight } from '../../../lib/bidi';
import { useLanguage } from '../../../lib/i18n';

/** Nothing to show: no screens in scope. */
export const noScreens = (data: OtaStatistic) => data.total === 0;

/** The player versions card: how many screens can take a newer player, and what they run. */
export function OtaSummary({ data }: { data: OtaStatistic }) {
  const { t } = useTranslation('home');
  const { language } = useLanguage();
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  return (
    <Flex vertical gap={8}>
      <Statistic
        title={t('ota.upgradable')}
        value={data.upgradable}
        formatter={() => number(data.upgradable)}
      />
      <Flex vertical gap={2} role="list" aria-label={t('ota.byVersion')}>
        {data.by_version.map((row) => (
          <Typography.Text key={row.version ?? ''} type="secondary" role="listitem">
            {row.version ? leftToRight(row.version) : t('ota.otherVersions')}: <bdi>{number(row.count)}</bdi>
          </Typography.Text>
        ))}
      </Flex>
      {data.packages === null ? null : (
        <Typography.Text type="secondary">
          {t('ota.packages')}: <bdi>{number(data.packages)}</bdi>
        </Typography.Text>
      )}
    </Flex>
  );
}
