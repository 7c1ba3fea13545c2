import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type CustomDomainItem, customDomainRequestSchema, PLATFORM_ROLES } from '@vitrine/contract';
import { Button, Empty, Form, Input, Space, Table, type TableProps } from 'antd';
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
import { useDeleteDomain, useDomainList, useSaveDomain } from '../api';
import { CustomerSelect } from '../components/CustomerSelect';
import '../setting.css';

type Drawer = { item: CustomDomainItem | null } | null;

/**
 * /setting/custom-domain: the host names that show a customer's brand on the login page. A
 * customer sees its own; the system role all of them, with their customer.
 */
export function CustomDomainPage() {
  const { t } = useTranslation(['setting', 'common']);
  const platform = hasRole(useSession().user?.role_id, PLATFORM_ROLES);
  const dateTime = useDateTime();
  const list = useDomainList();
  const remove = useDeleteDomain();
  const [drawer, setDrawer] = useState<Drawer>(null);

  const askDelete = (item: CustomDomainItem) =>
    confirmDelete({
      content: t('domain.deleteConfirm', { host: leftToRight(item.host) }),
      onOk: () =>
        remove.mutateAsync(item.id).then(
          () => notify({ type: 'success', title: t('domain.deleted') }),
          () => undefined,
        ),
    });

  const columns: TableProps<CustomDomainItem>['columns'] = [
    { title: t('domain.host'), dataIndex: 'host', render: (host: string) => <span dir="ltr">{host}</span> },
    ...(platform
      ? [
          {
            title: t('customer'),
            dataIndex: 'customer_name',
            render: (name: string) => <span dir="auto">{name}</span>,
          },
        ]
      : []),
    { title: t('createdAt'), dataIndex: 'created_at', render: dateTime },
    {
      title: t('actions'),
      key: 'actions',
      width: 104,
      render: (_, item) => (
        <Space size={0}>
          <IconAction
            label={t('domain.edit', { host: leftToRight(item.host) })}
            icon={<EditOutlined />}
            onClick={() => setDrawer({ item })}
          />
          <IconAction
            label={t('domain.delete', { host: leftToRight(item.host) })}
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
        title={t('common:route.customDomain')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ item: null })}>
            {t('domain.add')}
          </Button>
        }
      />
      <p className="setting-hint">{t('domain.hint')}</p>
      <ErrorAlert error={list.error} />
      <Table<CustomDomainItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isPending}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: <Empty description={t('domain.empty')} /> }}
      />
      <DomainDrawer
        open={drawer !== null}
        item={drawer?.item ?? null}
        platform={platform}
        onClose={() => setDrawer(null)}
      />
    </>
  );
}

type Values = { host: string; customer_id?: number | null };
const FORM_ID = 'domainForm';

function DomainDrawer({
  open,
  item,
  platform,
  onClose,
}: {
  open: boolean;
  item: CustomDomainItem | null;
  platform: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('setting');
  const rules = useRules();
  const save = useSaveDomain();
  const [error, setError] = useState<unknown>(null);

  const close = () => {
    setError(null);
    save.reset();
    onClose();
  };

  const submit = ({ host, customer_id }: Values) => {
    setError(null);
    save.mutate(
      { id: item?.id, body: { host, ...(platform && customer_id ? { customer_id } : {}) } },
      {
        onSuccess: () => {
          notify({ type: 'success', title: t('domain.saved') });
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
      title={t(item ? 'domain.editTitle' : 'domain.add')}
      formId={FORM_ID}
      submitting={save.isPending}
    >
      <ErrorAlert error={error} />
      <Form<Values>
        key={item?.id ?? 'new'}
        id={FORM_ID}
        layout="vertical"
        onFinish={submit}
        initialValues={item ? { host: item.host, customer_id: item.customer_id } : { host: '' }}
      >
        <Form.Item
          name="host"
          label={t('domain.host')}
          extra={t('domain.hostHelp')}
          rules={[rules.zod(customDomainRequestSchema.shape.host)]}
        >
          <Input autoFocus autoComplete="off" dir="ltr" placeholder="signage.example.com" />
        </Form.Item>
        {platform ? (
          <Form.Item
            name="customer_id"
            label={t('customer')}
            rules={[rules.required('domain.host.customer')]}
          >
            <CustomerSelect />
          </Form.Item>
        ) : null}
      </Form>
    </FormDrawer>
  );
}
