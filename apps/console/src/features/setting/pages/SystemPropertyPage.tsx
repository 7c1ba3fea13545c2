import {
  PLATFORM_ROLES,
  SYSTEM_PROPERTIES,
  type SystemPropertyItem,
  type SystemPropertyName,
  systemPropertyRequestSchema,
} from '@vitrine/contract';
import { Form, Input, Select, Space, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditableList, type EditTarget } from '../../../components/EditableList';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDateTime } from '../../../components/labels';
import { SaveDrawer } from '../../../components/SaveDrawer';
import { leftToRight } from '../../../lib/bidi';
import { useRules } from '../../../lib/form-rules';
import { hasRole } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useDeleteProperty, usePropertyList, useSaveProperty } from '../api';
import { CustomerSelect } from '../components/CustomerSelect';

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
  ];

  return (
    <EditableList<SystemPropertyItem>
      title={t('common:route.systemProperty')}
      addText={t('property.add')}
      intro={<ErrorAlert error={list.error} />}
      columns={columns}
      actions={{
        title: t('actions'),
        editLabel: (item) => t('property.edit', { name: leftToRight(item.name) }),
        deleteLabel: (item) => t('property.delete', { name: leftToRight(item.name) }),
        deleteConfirm: (item) => t('property.deleteConfirm', { name: leftToRight(item.name) }),
        remove: (item) => remove.mutateAsync(item.id),
        deletedText: t('property.deleted'),
      }}
      list={list}
      emptyText={t('property.empty')}
      drawer={(target) => <PropertyDrawer {...target} platform={platform} />}
    />
  );
}

type Values = { name: SystemPropertyName; value: string; customer_id?: number | null };
const FORM_ID = 'propertyForm';

function PropertyDrawer({
  open,
  item,
  onClose,
  platform,
}: EditTarget<SystemPropertyItem> & { platform: boolean }) {
  const { t } = useTranslation('setting');
  const rules = useRules();
  const save = useSaveProperty();
  const [form] = Form.useForm<Values>();
  const name = Form.useWatch('name', form);

  const toBody = (values: Values) => ({
    name: values.name,
    value: values.value,
    ...(platform ? { customer_id: values.customer_id ?? null } : {}),
  });

  return (
    <SaveDrawer
      open={open}
      onClose={onClose}
      title={t(item ? 'property.editTitle' : 'property.add')}
      formId={FORM_ID}
      save={save}
      savedText={t('property.saved')}
    >
      {(send) => (
        <Form<Values>
          key={item?.id ?? 'new'}
          form={form}
          id={FORM_ID}
          layout="vertical"
          onFinish={(values) => send({ id: item?.id, body: toBody(values) })}
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
      )}
    </SaveDrawer>
  );
}
