import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PLATFORM_ROLES,
  SYSTEM_PROPERTIES,
  type SystemPropertyItem,
  type SystemPropertyName,
  systemPropertyRequestSchema,
} from '@vitrine/contract';
import { Button, Empty, Form, Input, Select, Space, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FormDrawer } from '../../../components/FormDrawer';
import { IconAction } from '../../../components/IconAction';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { leftToRight } from '../../../lib/bidi';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { hasRole } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useDeleteProperty, usePropertyList, useSaveProperty } from '../api';
import { CustomerSelect } from '../components/CustomerSelect';

type Drawer = { item: SystemPropertyItem | null } | null;

/**
 * /setting/system-property: the named values the platform reads (site title, support contacts).
 * The system role sets the platform-wide ones and may set a customer's; a customer sets its own,
 * which win for its users and at its custom domains.
 */
export function SystemPropertyPage() {
  const { t } = useTranslation(['setting', 'common']);
  const platform = hasRole(useSession().user?.role_id, PLATFORM_ROLES);
  const dateTime = useDateTime();
  const list = usePropertyList();
  const remove = useDeleteProperty();
  const [drawer, setDrawer] = useState<Drawer>(null);

  const askDelete = (item: SystemPropertyItem) =>
    confirmDelete({
      content: t('property.deleteConfirm', { name: leftToRight(item.name) }),
      onOk: () =>
        remove.mutateAsync(item.id).then(
          () => notify({ type: 'success', title: t('property.deleted') }),
          () => undefined,
        ),
    });

  const columns: TableProps<SystemPropertyItem>['columns'] = [
    {
      title: t('property.name'),
      dataIndex: 'name',
      render: (name: SystemPropertyName) => (
        <Space direction="vertical" size={0}>
          <code dir="ltr">{name}</code>
          <Typography.Text type="secondary">{t(`property.about.${name}`)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('property.value'),
      dataIndex: 'value',
      render: (value: string) => <span dir="auto">{value}</span>,
    },
    ...(platform
      ? [
          {
            title: t('customer'),
            dataIndex: 'customer_name',
            render: (name: string | null) =>
              name === null ? t('platformWide') : <span dir="auto">{name}</span>,
          },
        ]
      : []),
    { title: t('updatedAt'), dataIndex: 'updated_at', render: dateTime },
    {
      title: t('actions'),
      key: 'actions',
      width: 104,
      render: (_, item) => (
        <Space size={0}>
          <IconAction
            label={t('property.edit', { name: leftToRight(item.name) })}
            icon={<EditOutlined />}
            onClick={() => setDrawer({ item })}
          />
          <IconAction
            label={t('property.delete', { name: leftToRight(item.name) })}
            icon={<DeleteOutlined />}
            onClick={() => askDelete(item)}
            danger
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('common:route.systemProperty')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ item: null })}>
            {t('property.add')}
          </Button>
        }
      />
      <ErrorAlert error={list.error} />
      <Table<SystemPropertyItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isPending}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: <Empty description={t('property.empty')} /> }}
      />
      <PropertyDrawer
        open={drawer !== null}
        item={drawer?.item ?? null}
        platform={platform}
        onClose={() => setDrawer(null)}
      />
    </>
  );
}

type Values = { name: SystemPropertyName; value: string; customer_id?: number | null };
const FORM_ID = 'propertyForm';

function PropertyDrawer({
  open,
  item,
  platform,
  onClose,
}: {
  open: boolean;
  item: SystemPropertyItem | null;
  platform: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('setting');
  const rules = useRules();
  const save = useSaveProperty();
  const [error, setError] = useState<unknown>(null);
  const [form] = Form.useForm<Values>();
  const name = Form.useWatch('name', form);

  const close = () => {
    setError(null);
    save.reset();
    onClose();
  };

  const submit = (values: Values) => {
    setError(null);
    save.mutate(
      {
        id: item?.id,
        body: {
          name: values.name,
          value: values.value,
          ...(platform ? { customer_id: values.customer_id ?? null } : {}),
        },
      },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('property.saved') });
          close();
        },
        onError: setError,
      },
    );
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={t(item ? 'property.editTitle' : 'property.add')}
      formId={FORM_ID}
      submitting={save.isPending}
    >
      <ErrorAlert error={error} />
      <Form<Values>
        key={item?.id ?? 'new'}
        form={form}
        id={FORM_ID}
        layout="vertical"
        onFinish={submit}
        initialValues={
          item
            ? { name: item.name as SystemPropertyName, value: item.value, customer_id: item.customer_id }
            : { name: SYSTEM_PROPERTIES[0], value: '', customer_id: null }
        }
      >
        <Form.Item
          name="name"
          label={t('property.name')}
          extra={name ? t(`property.about.${name}`) : undefined}
          rules={[rules.required('property.name.required')]}
        >
          <Select options={SYSTEM_PROPERTIES.map((known) => ({ value: known, label: known }))} />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('property.value')}
          rules={[rules.zod(systemPropertyRequestSchema.shape.value)]}
        >
          <Input autoComplete="off" dir="auto" />
        </Form.Item>
        {platform ? (
          <Form.Item name="customer_id" label={t('customer')}>
            <CustomerSelect allowPlatform />
          </Form.Item>
        ) : null}
      </Form>
    </FormDrawer>
  );
}
