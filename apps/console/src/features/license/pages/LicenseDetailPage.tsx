import { SearchOutlined } from '@ant-design/icons';
import {
  type LicenseBindResult,
  type LicenseKeyDetail,
  type LicenseKeyDevice,
  licenseKeyBindRequestSchema,
  Role,
} from '@vitrine/contract';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { SearchSelect } from '../../../components/SearchSelect';
import { leftToRight } from '../../../lib/bidi';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useDeviceList } from '../../device/api';
import { useBindByKey, useKeySearch } from '../api';
import { useValidityText } from '../components/columns';
import { ReplaceWarning } from '../components/ReplaceWarning';

const shape = licenseKeyBindRequestSchema.shape;
const TITLES: Partial<Record<number, string>> = {
  [Role.customer]: 'common:route.licenseSearch',
  [Role.owner]: 'common:route.licenseBind',
};

/**
 * /license/license-detail: a licence key's batch, uses and the devices it bound in the caller's
 * scope; an owner then binds one licence of it to a device of the company.
 */
export function LicenseDetailPage() {
  const { t } = useTranslation(['license', 'common']);
  const rules = useRules();
  const { user } = useSession();
  const [form] = Form.useForm<{ key: string }>();
  const [key, setKey] = useState<string | null>(null);
  const search = useKeySearch(key);
  const owner = user?.role_id === Role.owner;

  return (
    <>
      <PageHeader title={t(TITLES[user?.role_id ?? 0] ?? 'common:route.licenseDetail')} />
      <Card style={{ marginBottom: 16 }}>
        <Form
          name="licenseKeyForm"
          form={form}
          layout="vertical"
          onFinish={(values) => setKey(values.key.trim())}
        >
          <Form.Item
            name="key"
            label={t('detail.key')}
            extra={t('detail.keyHint')}
            rules={[rules.zod(shape.key)]}
          >
            <Input dir="ltr" autoComplete="off" spellCheck={false} placeholder="XXXX-XXXX-…" />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={search.isFetching}>
            {t('detail.search')}
          </Button>
        </Form>
      </Card>
      <ErrorAlert error={search.error} />
      {search.data ? <KeyDetail detail={search.data} /> : null}
      {owner && search.data && key ? <BindByKey keyText={key} detail={search.data} /> : null}
    </>
  );
}

function KeyDetail({ detail }: { detail: LicenseKeyDetail }) {
  const { t } = useTranslation('license');
  const validity = useValidityText();
  const dateTime = useDateTime();
  const columns: ColumnsType<LicenseKeyDevice> = [
    { key: 'device', title: t('detail.device'), dataIndex: 'device_name' },
    {
      key: 'bound_at',
      title: t('detail.boundAt'),
      render: (_, device) => leftToRight(dateTime(device.bound_at)),
    },
  ];
  return (
    <Card title={t('detail.title')} style={{ marginBottom: 16 }}>
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'batch', label: t('column.batchNo'), children: <bdi dir="ltr">{detail.batch_no}</bdi> },
          { key: 'type', label: t('column.type'), children: t(`type.${detail.type}`) },
          { key: 'validity', label: t('column.validity'), children: validity(detail) },
          { key: 'hint', label: t('key.hint'), children: <bdi dir="ltr">…-{detail.hint}</bdi> },
          { key: 'uses', label: t('key.uses'), children: leftToRight(`${detail.uses} / ${detail.max_uses}`) },
        ]}
      />
      <Table<LicenseKeyDevice>
        rowKey="device_id"
        size="small"
        columns={columns}
        dataSource={detail.devices}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('detail.noDevices') }}
      />
    </Card>
  );
}

const DEVICE_QUERY = { page: 1, page_size: 200, sort: 'device_name,asc' };

/** The owner's step: one licence of the key's batch to a device, warned before it replaces one. */
function BindByKey({ keyText, detail }: { keyText: string; detail: LicenseKeyDetail }) {
  const { t } = useTranslation('license');
  const rules = useRules();
  const dateTime = useDateTime();
  const [form] = Form.useForm<{ device_id?: number }>();
  const devices = useDeviceList(DEVICE_QUERY);
  const deviceId = Form.useWatch('device_id', form);
  const bind = useBindByKey();
  const [bound, setBound] = useState<{ name: string; result: LicenseBindResult } | null>(null);
  const left = detail.max_uses - detail.uses;

  const submit = ({ device_id }: { device_id?: number }) => {
    if (device_id === undefined) return;
    const name = devices.data?.list.find((device) => device.device_id === device_id)?.device_name ?? '';
    setBound(null);
    bind.mutate(
      { key: keyText, device_id },
      {
        onSuccess: (result) => {
          notify({ type: 'success', title: t('bind.done', { name }) });
          setBound({ name, result });
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card title={t('detail.bindTitle')}>
      {bound ? (
        <Alert
          type="success"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          title={t('detail.bound', { name: bound.name })}
          description={t('detail.boundLicense', {
            batch: leftToRight(bound.result.license.batch_no),
            type: t(`type.${bound.result.license.type}`),
            validity: bound.result.license.expires_at
              ? t('detail.validUntil', { date: leftToRight(dateTime(bound.result.license.expires_at)) })
              : t('detail.noExpiry'),
          })}
        />
      ) : null}
      <ReplaceWarning
        held={devices.data?.list.find((device) => device.device_id === deviceId)?.license.license}
        chosen={detail.type}
      />
      <ErrorAlert error={bind.error} />
      <Form name="keyBindForm" form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="device_id"
          label={t('detail.device')}
          rules={[rules.required('validation.required')]}
        >
          <SearchSelect<number>
            loading={devices.isLoading}
            options={(devices.data?.list ?? []).map((device) => ({
              value: device.device_id,
              label: device.device_name,
            }))}
          />
        </Form.Item>
        <Flex gap="small" align="center" wrap>
          <Button type="primary" htmlType="submit" loading={bind.isPending} disabled={left <= 0}>
            {t('bind.submit')}
          </Button>
          {left <= 0 ? <span>{t('detail.usedUp')}</span> : null}
        </Flex>
      </Form>
    </Card>
  );
}
