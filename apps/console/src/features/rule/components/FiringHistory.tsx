import type { RuleItem } from '@vitrine/contract';
import { Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDateTime } from '../../../components/labels';
import { leftToRight } from '../../../lib/bidi';
import { useRuleFirings } from '../api';
import { STATE_COLORS } from './labels';

/** A rule's latest firings, newest first: when, on which screen, where it ran and its result. */
export function FiringHistory({ rule, onClose }: { rule: RuleItem | null; onClose: () => void }) {
  const { t } = useTranslation('rule');
  const dateTime = useDateTime();
  const firings = useRuleFirings(rule?.id ?? null);
  return (
    <Drawer
      open={rule !== null}
      onClose={onClose}
      title={rule ? t('history.title', { name: rule.name }) : null}
      width="min(560px, 100vw)"
      destroyOnHidden
    >
      <ErrorAlert error={firings.error} />
      <section aria-label={t('history.list')}>
        <List
          loading={firings.isPending}
          dataSource={firings.data?.list ?? []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />,
          }}
          renderItem={(firing) => (
            <List.Item>
              <Space direction="vertical" size={4} style={{ inlineSize: '100%' }}>
                <Typography.Text type="secondary">
                  {dateTime(firing.fired_at)} · {t(`source.${firing.source}`)}
                  {firing.sensor_id ? ` · ${leftToRight(firing.sensor_id)}` : ''}
                </Typography.Text>
                <Space size={8} wrap>
                  <span dir="auto">{firing.device_name}</span>
                  <Tag color={STATE_COLORS[firing.state]}>{t(`state.${firing.state}`)}</Tag>
                  {firing.mailed ? <Tag>{t('history.mailed')}</Tag> : null}
                  {firing.result ? <Typography.Text type="secondary">{firing.result}</Typography.Text> : null}
                </Space>
              </Space>
            </List.Item>
          )}
        />
      </section>
    </Drawer>
  );
}
