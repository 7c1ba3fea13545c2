import type { PresetApplication, PresetDeviceState } from '@vitrine/contract';
import { Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDateTime } from '../../../components/labels';
import { leftToRight } from '../../../lib/bidi';
import { usePresetApplications } from '../api';

const STATE_COLORS: Record<PresetDeviceState, string> = {
  sent: 'processing',
  acknowledged: 'success',
  failed: 'error',
  timeout: 'warning',
  offline: 'default',
  unsupported: 'default',
};

/** One application: when, by whom or on pairing, and each screen's result. */
function Application({ application }: { application: PresetApplication }) {
  const { t } = useTranslation('preset');
  const dateTime = useDateTime();
  const who =
    application.source === 'pairing'
      ? t('history.pairing')
      : t('history.by', { name: application.created_by_name ?? t('history.someone') });
  return (
    <List.Item>
      <Space direction="vertical" size={4} style={{ inlineSize: '100%' }}>
        <Typography.Text type="secondary">
          {dateTime(application.created_at)} · {who}
        </Typography.Text>
        {application.devices.length === 0 ? (
          <Typography.Text type="secondary">{t('history.noDevices')}</Typography.Text>
        ) : (
          <ul
            aria-label={t('history.results')}
            style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}
          >
            {application.devices.map((device) => (
              <li
                key={device.device_id}
                style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}
              >
                <span dir="auto">{device.device_name}</span>
                <Typography.Text type="secondary">{leftToRight(device.signage_id)}</Typography.Text>
                <Tag color={STATE_COLORS[device.state]}>{t(`state.${device.state}`)}</Tag>
                {device.result ? <Typography.Text type="secondary">{device.result}</Typography.Text> : null}
              </li>
            ))}
          </ul>
        )}
      </Space>
    </List.Item>
  );
}

/** A preset's latest applications, newest first. */
export function ApplicationHistory({ presetId }: { presetId: number }) {
  const { t } = useTranslation('preset');
  const history = usePresetApplications(presetId);
  return (
    <section aria-label={t('history.title')}>
      <Typography.Title level={5}>{t('history.title')}</Typography.Title>
      <ErrorAlert error={history.error} />
      <List
        loading={history.isPending}
        dataSource={history.data?.list ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />,
        }}
        renderItem={(application) => <Application application={application} />}
      />
    </section>
  );
}
