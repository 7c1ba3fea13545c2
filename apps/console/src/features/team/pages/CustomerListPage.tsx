import { PlusOutlined } from '@ant-design/icons';
import type { CustomerItem } from '@vitrine/contract';
import { Button, Input, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { useLayoutMode } from '../../../lib/layout-mode';
import { sortOrderOf, tableView, useListView } from '../../../lib/list-params';
import { useCustomerList, useDeleteCustomer } from '../api';
import { CustomerDetail } from '../components/CustomerDetail';
import { CustomerDrawer } from '../components/CustomerDrawer';

const NO_FILTERS = [] as const;
type Drawer = { customer: CustomerItem | null } | null;

/** /user/customer-list: customers (system integrators) with their people, devices and companies. */
export function CustomerListPage() {
  const { t } = useTranslation(['team', 'common']);
  const { mobile } = useLayoutMode();
  const dateTime = useDateTime();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useCustomerList(query);
  const remove = useDeleteCustomer();
  const [drawer, setDrawer] = useState<Drawer>(null);

  const askDelete = (customer: CustomerItem) =>
    confirmDelete({
      content: t('customer.deleteConfirm', { name: customer.customer_name }),
      onOk: () => remove.mutateAsync(customer.customer_id),
      doneText: t('deleted'),
    });

  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(view.sort, column) });
  const columns: TableProps<CustomerItem>['columns'] = [
    { title: t('field.customerName'), dataIndex: 'customer_name', ...sorted('customer_name') },
    {
      title: t('field.clientType'),
      dataIndex: 'client_type',
      render: (value: string | null) => value || '—',
    },
    { title: t('field.accountEmail'), dataIndex: 'email', render: (value: string | null) => value || '—' },
    { title: t('customer.userAdmins'), dataIndex: 'user_admin_count' },
    { title: t('customer.members'), dataIndex: 'member_count' },
    { title: t('customer.devices'), dataIndex: 'device_count' },
    { title: t('customer.companies'), dataIndex: 'company_count', ...sorted('company_count') },
    { title: t('field.createdAt'), dataIndex: 'created_at', ...sorted('created_at'), render: dateTime },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, customer) => (
        <RowActions
          editLabel={t('action.edit')}
          deleteLabel={t('action.delete')}
          onEdit={() => setDrawer({ customer })}
          onDelete={() => askDelete(customer)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('common:route.customerList')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ customer: null })}>
            {t('customer.add')}
          </Button>
        }
      />
      <Input.Search
        key={view.keyword ?? ''}
        allowClear
        defaultValue={view.keyword}
        placeholder={t('customer.searchPlaceholder')}
        aria-label={t('customer.searchPlaceholder')}
        onSearch={(keyword) => update({ keyword: keyword.trim() })}
        style={{ width: mobile ? '100%' : 320, marginBottom: 16 }}
      />
      <Table<CustomerItem>
        rowKey="customer_id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (customer) => <CustomerDetail customerId={customer.customer_id} /> }}
        {...tableView<CustomerItem>(view, update, list.data?.total ?? 0, (total) =>
          t('list.total', { total }),
        )}
      />
      <CustomerDrawer
        open={drawer !== null}
        customer={drawer?.customer ?? null}
        onClose={() => setDrawer(null)}
      />
    </>
  );
}
