import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { CategoryItem, DeleteCategoryRequest, UserItem } from '@vitrine/contract';
import { Button, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction, confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { NameDialog } from '../../../components/NameDialog';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../lib/notify';
import { useCategories, useDeleteCategory, useSaveCategory, useUngroupUser, useUserList } from '../api';
import { CategoryDeleteChoice } from './CategoryDeleteChoice';
import { StatusTag } from './status';

type Naming = { category: CategoryItem | null } | null;

/** The users of one group, each of which can be taken out of it. */
function CategoryUsers({ category }: { category: CategoryItem }) {
  const { t } = useTranslation('team');
  const users = useUserList({ category_id: category.category_id, page: 1, page_size: 200 });
  const ungroup = useUngroupUser();
  const askUngroup = (user: UserItem) =>
    confirmAction({
      content: t('category.ungroupConfirm', { user: user.username, name: category.name }),
      onOk: () => ungroup.mutateAsync(user.user_id),
    });
  const columns: TableProps<UserItem>['columns'] = [
    { title: t('field.username'), dataIndex: 'username' },
    { title: t('field.email'), dataIndex: 'email' },
    {
      title: t('field.status'),
      dataIndex: 'status',
      render: (status: number) => <StatusTag status={status} />,
    },
    {
      title: t('field.actions'),
      key: 'actions',
      render: (_, user) => (
        <Button size="small" onClick={() => askUngroup(user)}>
          {t('category.ungroup')}
        </Button>
      ),
    },
  ];
  return (
    <Table<UserItem>
      size="small"
      rowKey="user_id"
      columns={columns}
      dataSource={users.data?.list}
      loading={users.isFetching}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

/** User groups of the caller's company: create, rename, delete (with its users' fate), ungroup. */
export function CategoryPanel() {
  const { t } = useTranslation('team');
  const categories = useCategories();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [naming, setNaming] = useState<Naming>(null);

  const askDelete = (category: CategoryItem) => {
    let body: DeleteCategoryRequest | null = {};
    const others = (categories.data ?? []).filter((item) => item.category_id !== category.category_id);
    confirmDelete({
      content: (
        <CategoryDeleteChoice category={category} others={others} onChange={(next) => (body = next)} />
      ),
      onOk: () => {
        if (body === null) {
          notify({ type: 'warning', title: t('category.moveTo') });
          return Promise.reject(new Error('no target group'));
        }
        return remove
          .mutateAsync({ categoryId: category.category_id, body })
          .then(() => notify({ type: 'success', title: t('deleted') }));
      },
    });
  };

  const columns: TableProps<CategoryItem>['columns'] = [
    { title: t('field.categoryName'), dataIndex: 'name' },
    { title: t('field.members'), dataIndex: 'user_count' },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, category) => (
        <Space size={0}>
          <IconAction
            label={t('action.rename')}
            icon={<EditOutlined />}
            onClick={() => setNaming({ category })}
          />
          <IconAction
            label={t('action.delete')}
            icon={<DeleteOutlined />}
            onClick={() => askDelete(category)}
            danger
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('common:route.userGroups')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setNaming({ category: null })}>
            {t('category.add')}
          </Button>
        }
      />
      <Table<CategoryItem>
        rowKey="category_id"
        columns={columns}
        dataSource={categories.data}
        loading={categories.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowRender: (category) => <CategoryUsers category={category} />,
          rowExpandable: (category) => category.user_count > 0,
        }}
      />
      <NameDialog
        open={naming !== null}
        title={naming?.category ? t('category.renameTitle') : t('category.addTitle')}
        label={t('field.categoryName')}
        initial={naming?.category?.name}
        onClose={() => setNaming(null)}
        onSubmit={(name) => save.mutateAsync({ categoryId: naming?.category?.category_id, body: { name } })}
      />
    </>
  );
}
