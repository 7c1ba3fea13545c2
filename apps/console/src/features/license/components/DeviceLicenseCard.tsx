import { LinkOutlined } from '@ant-design/icons';
import type { DeviceItem } from '@vitrine/contract';
import { Alert, Button, Card, Descriptions } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../components/labels';
import { leftToRight } from '../../../lib/bidi';
import { usePermission } from '../../../lib/permissions';
import { useCompanyPool } from '../api';
import { BindDialog } from './BindDialog';
import { LicenseStateTag } from './LicenseStateTag';

/**
 * The device page's licence: its state, batch, bind time and expiry. Without one in force the card
 * says so and, for an owner, offers to bind one from the company's pool (spec 001 §4).
 */
export function DeviceLicenseCard({ device }: { device: DeviceItem }) {
  const { t } = useTranslation('license');
  const dateTime = useDateTime();
  const canBind = usePermission('license:company-shunt:list');
  const pool = useCompanyPool({ enabled: canBind });
  const [binding, setBinding] = useState(false);
  const { license, state } = device.license;
  const prompt = state === 'none' || state === 'expired';
  return (
    <Card
      title={t('device.card')}
      style={{ marginTop: 16 }}
      extra={
        canBind ? (
          <Button
            icon={<LinkOutlined />}
            type={prompt ? 'primary' : 'default'}
            onClick={() => setBinding(true)}
          >
            {t('device.bindAction')}
          </Button>
        ) : null
      }
    >
      {prompt ? (
        <Alert
          type={state === 'expired' ? 'error' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          message={t(state === 'expired' ? 'device.expiredPrompt' : 'device.nonePrompt')}
        />
      ) : null}
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        bordered
        size="small"
        items={[
          { key: 'state', label: t('device.state'), children: <LicenseStateTag state={state} /> },
          { key: 'type', label: t('column.type'), children: license ? t(`type.${license.type}`) : '—' },
          {
            key: 'batch',
            label: t('column.batchNo'),
            children: license ? leftToRight(license.batch_no) : '—',
          },
          { key: 'bound', label: t('device.boundAt'), children: license ? dateTime(license.bound_at) : '—' },
          {
            key: 'expires',
            label: t('device.expires'),
            children: !license
              ? '—'
              : license.expires_at
                ? leftToRight(dateTime(license.expires_at))
                : t('validity.permanent'),
          },
        ]}
      />
      {canBind ? (
        <BindDialog
          device={binding ? device : null}
          held={license}
          pool={pool.data?.list ?? []}
          onClose={() => setBinding(false)}
        />
      ) : null}
    </Card>
  );
}
