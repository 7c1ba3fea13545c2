import { DeleteOutlined, EditOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { type CompanyItem, CompanyOrigin, PLATFORM_ROLES } from '@vitrine/contract';
import { Button, Flex, Input, Segmented, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { SearchSelect } from '../../../components/SearchSelect';
import { useLayoutMode } from '../../../lib/layout-mode';
import { sortOrderOf, tableView, useListView } from '../../../lib/list-params';
import { hasRole, usePermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { type CompanyOriginFilter, useCompanyList, useCustomerOptions, useDeleteCompany } from '../api';
import { CompanyDetail } from './CompanyDetail';
import { StatusTag } from './status';

const FILTERS = ['customer_id'] as const;
const ORIGINS: readonly CompanyOriginFilter[] = ['all', 'sys', 'user'];
const ORIGIN_NAME: Record<number, string> = {
  [CompanyOrigin.platform]: 'platform',
  [CompanyOrigin.customer]: 'customer',
  [CompanyOrigin.registered]: 'registered',
};

/** The edit page's address: /company/add/{id}/{name}/{can_del}. */
export const companyEditPath = (company: CompanyItem) =>
  `/company/add/${company.company_id}/${encodeURIComponent(company.company_name)}/${company.can_del ? 1 : 0}`;

/** Companies of the caller's scope; platform roles also see who created each and for which customer. */
export function CompanyTable() {
  const { t } = useTranslation(['team', 'common']);
  const navigate = useNavigate();
  const { mobile } = useLayoutMode();
  const dateTime = useDateTime();
  const platform = hasRole(useSession().user?.role_id, PLATFORM_ROLES);
  // The company and owner forms are team:user:add pages.
  const canEdit = usePermission('team:user:add');
  const { view, query, update, params } = useListView(FILTERS);
  const origin = (ORIGINS as readonly string[]).includes(params.get('origin') ?? '')
    ? (params.get('origin') as CompanyOriginFilter)
    : 'all';
  const list = useCompanyList(platform ? origin : 'all', query);
  const customers = useCustomerOptions(platform);
  const remove = useDeleteCompany();

  const askDelete = (company: CompanyItem) =>
    confirmDelete({
      content: t('company.deleteConfirm', { name: company.company_name }),
      onOk: () => remove.mutateAsync(company.company_id),
      doneText: t('deleted'),
    });

  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(view.sort, column) });
  const columns: TableProps<CompanyItem>['columns'] = [
    { title: t('field.companyName'), dataIndex: 'company_name', ...sorted('company_name') },
    {
      title: t('field.owner'),
      key: 'owner',
      render: (_, { owner }) =>
        owner ? (
          <Space size={4} wrap>
            <span>{owner.username}</span>
            <Typography.Text type="secondary">{owner.email}</Typography.Text>
            <StatusTag status={owner.status} />
          </Space>
        ) : (
          <Tag>{t('company.noOwner')}</Tag>
        ),
    },
    ...(platform
      ? [
          {
            title: t('field.customer'),
            dataIndex: 'customer_name',
            render: (value: string | null) => value || '—',
          },
        ]
      : []),
    { title: t('field.members'), dataIndex: 'member_count', ...sorted('member_count') },
    { title: t('field.devices'), dataIndex: 'owned_devices' },
    {
      title: t('field.userLimit'),
      dataIndex: 'user_limit',
      render: (limit: number | null) => limit ?? t('company.unlimited'),
    },
    ...(platform
      ? [
          {
            title: t('field.origin'),
            dataIndex: 'origin',
            render: (value: number) => t(`company.origin.${ORIGIN_NAME[value] ?? 'platform'}`),
          },
        ]
      : []),
    { title: t('field.createdAt'), dataIndex: 'created_at', ...sorted('created_at'), render: dateTime },
  ];
  const actions: TableProps<CompanyItem>['columns'] = [
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, company) => (
        <Space size={0}>
          <IconAction
            label={t('action.edit')}
            icon={<EditOutlined />}
            onClick={() => navigate(companyEditPath(company))}
          />
          <IconAction
            label={t('company.owner')}
            icon={<UserAddOutlined />}
            onClick={() => navigate(`/owner/add/${company.company_id}`)}
          />
          {company.can_del ? (
            <IconAction
              label={t('action.delete')}
              icon={<DeleteOutlined />}
              onClick={() => askDelete(company)}
              danger
            />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('common:route.company')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/company/add')}>
              {t('company.add')}
            </Button>
          ) : null
        }
      />
      <Flex wrap gap="small" style={{ marginBottom: 16 }}>
        {platform ? (
          <Segmented<CompanyOriginFilter>
            value={origin}
            onChange={(value) => update({ origin: value === 'all' ? null : value })}
            options={ORIGINS.map((value) => ({ value, label: t(`company.originFilter.${value}`) }))}
          />
        ) : null}
        <Input.Search
          key={view.keyword ?? ''}
          allowClear
          defaultValue={view.keyword}
          placeholder={t('company.searchPlaceholder')}
          aria-label={t('company.searchPlaceholder')}
          onSearch={(keyword) => update({ keyword: keyword.trim() })}
          style={{ width: mobile ? '100%' : 260 }}
        />
        {platform ? (
          <SearchSelect<number>
            aria-label={t('field.customer')}
            placeholder={t('field.customer')}
            value={view.filters.customer_id}
            onChange={(customer_id) => update({ customer_id })}
            options={(customers.data ?? []).map((item) => ({
              value: item.customer_id,
              label: item.customer_name,
            }))}
            loading={customers.isPending}
            style={{ width: mobile ? '100%' : 200 }}
          />
        ) : null}
      </Flex>
      <Table<CompanyItem>
        rowKey="company_id"
        columns={canEdit ? [...columns, ...actions] : columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (company) => <CompanyDetail companyId={company.company_id} /> }}
        {...tableView<CompanyItem>(view, update, list.data?.total ?? 0, (total) =>
          t('list.total', { total }),
        )}
      />
    </>
  );
}
