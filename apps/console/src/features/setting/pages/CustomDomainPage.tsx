import { type CustomDomainItem, customDomainRequestSchema, PLATFORM_ROLES } from '@vitrine/contract';
import { Form, Input, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditableList, type EditTarget } from '../../../components/EditableList';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDateTime } from '../../../components/labels';
import { SaveDrawer } from '../../../components/SaveDrawer';
import { leftToRight } from '../../../lib/bidi';
import { useRules } from '../../../lib/form-rules';
import { hasRole } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useDeleteDomain, useDomainList, useSaveDomain } from '../api';
import { CustomerSelect } from '../components/CustomerSelect';
import '../setting.css';

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
  ];

  return (
    <EditableList<CustomDomainItem>
      title={t('common:route.customDomain')}
      addText={t('domain.add')}
      intro={
        <>
          <p className="setting-hint">{t('domain.hint')}</p>
          <ErrorAlert error={list.error} />
        </>
      }
      columns={columns}
      actions={{
        title: t('actions'),
        editLabel: (item) => t('domain.edit', { host: leftToRight(item.host) }),
        deleteLabel: (item) => t('domain.delete', { host: leftToRight(item.host) }),
        deleteConfirm: (item) => t('domain.deleteConfirm', { host: leftToRight(item.host) }),
        remove: (item) => remove.mutateAsync(item.id),
        deletedText: t('domain.deleted'),
      }}
      list={list}
      emptyText={t('domain.empty')}
      drawer={(target) => <DomainDrawer {...target} platform={platform} />}
    />
  );
}

type Values = { host: string; customer_id?: number | null };
const FORM_ID = 'domainForm';

function DomainDrawer({
  open,
  item,
  onClose,
  platform,
}: EditTarget<CustomDomainItem> & { platform: boolean }) {
  const { t } = useTranslation('setting');
  const rules = useRules();
  const save = useSaveDomain();

  return (
    <SaveDrawer
      open={open}
      onClose={onClose}
      title={t(item ? 'domain.editTitle' : 'domain.add')}
      formId={FORM_ID}
      save={save}
      savedText={t('domain.saved')}
    >
      {(send) => (
        <Form<Values>
          key={item?.id ?? 'new'}
          id={FORM_ID}
          layout="vertical"
          onFinish={({ host, customer_id }) =>
            send({ id: item?.id, body: { host, ...(platform && customer_id ? { customer_id } : {}) } })
          }
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
      )}
    </SaveDrawer>
  );
}
